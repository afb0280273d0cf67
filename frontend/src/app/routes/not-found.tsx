import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { btn } from '@/components/ui/styles';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <EmptyState
      level={1}
      title={t`Page not found`}
      text={t`The page you are looking for does not exist.`}
      action={
        <Link to="/" className={btn.primary}>
          <Trans>Continue Shopping</Trans>
        </Link>
      }
    />
  );
}
