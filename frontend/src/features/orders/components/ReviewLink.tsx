import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { OrderLine } from '@/lib/types';

/**
 * A delivered line's 'Review' (OrderLineList's `action`): to its product's review form (the
 * server decides there whether the shopper may review it).
 */
export function reviewLink(line: OrderLine, name: string) {
  const productId = line.productId._id;
  return (
    <Link
      to={`/product/${encodeURIComponent(productId)}#write-review`}
      aria-label={t`Review ${name}`}
      className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
    >
      <Trans>Review</Trans>
    </Link>
  );
}
