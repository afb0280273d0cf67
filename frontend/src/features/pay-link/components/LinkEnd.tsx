import type { Ref } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircleIcon } from '@/components/ui/icons';
import { OrderStatusBadge } from '@/components/ui/StatusBadge';
import { btn } from '@/components/ui/styles';
import type { OrderStatus } from '@/lib/types';

/**
 * Where a payment link's page ends, in the server's words: paid ('Paid. Thank you!…'), or the
 * link no longer usable (not valid, expired, its order paid or canceled). `heading` when it is
 * the whole page (the link could not be opened): its message is then the page's one h1;
 * otherwise an h2 the page moves the focus to (`focusRef`) when it ends while open. A paid end
 * says how it is paid (`payment`: 'Paid', 'Paid with ZAAD') and, once known, the order's status.
 */
export function LinkEnd({
  message,
  paid = false,
  heading = false,
  payment,
  status,
  focusRef,
}: {
  message: string | null;
  paid?: boolean;
  heading?: boolean;
  payment?: string;
  status?: OrderStatus;
  focusRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLingui();
  const Text = heading ? 'h1' : 'h2';
  return (
    <div
      data-testid="link-end"
      className={`rounded-2xl p-6 text-center ring-1 ${paid ? 'bg-emerald-50 text-emerald-950 ring-emerald-200' : 'bg-white text-stone-900 ring-stone-200'}`}
    >
      {paid && <CheckCircleIcon size={56} className="mx-auto mb-3 text-emerald-600" />}
      <Text ref={focusRef} tabIndex={heading ? undefined : -1} className="text-xl font-bold text-balance focus:outline-none sm:text-2xl">
        {message ?? t`This payment link cannot be used. Ask the shop for a new one.`}
      </Text>
      {paid && (payment || status) && (
        <dl className="mt-4 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm" data-testid="link-paid">
          {payment && (
            <div className="flex items-center gap-2">
              <dt className="text-emerald-900">
                <Trans>Payment</Trans>
              </dt>
              <dd className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-green-300">
                {payment}
              </dd>
            </div>
          )}
          {status && (
            <div className="flex items-center gap-2">
              <dt className="text-emerald-900">
                <Trans>Order status</Trans>
              </dt>
              <dd>
                <OrderStatusBadge status={status} />
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

/** The way from a payment link's page to the shop. */
export function ToTheShop() {
  return (
    <Link to="/" className={`${btn.primary} w-full sm:w-auto`}>
      <Trans>Continue Shopping</Trans>
    </Link>
  );
}
