/**
 * What a staff member sees at a back-office screen their role does not allow (a typed address,
 * a link someone shared): inside the admin layout, a heading that says so, whom to ask, and the
 * way back to the back office's home. The screen itself is never drawn, so nothing of it is
 * asked of the server.
 */
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { usePageTitle } from '@/lib/use-page-title';

export function RoleDenied() {
  const { t } = useLingui();
  usePageTitle(t`Access denied`);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center" data-testid="role-denied">
      <h1 className="text-xl font-semibold text-stone-900">
        <Trans>Access denied</Trans>
      </h1>
      <p className="text-stone-700">
        <Trans>Your role does not allow this screen. Ask the shop's admin if you need it.</Trans>
      </p>
      <Link to="/admin" className={`${btn.primary} mt-2`}>
        <Trans>Back to the back office's home</Trans>
      </Link>
    </div>
  );
}
