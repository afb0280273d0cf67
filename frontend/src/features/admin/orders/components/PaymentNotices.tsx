/**
 * The notices above the order list about payments the provider never confirmed: orders awaiting
 * payment and orders canceled when their hold expired. Their counts come from the server (the
 * `X-Total-Count` of a one-row page), not from the page shown.
 */
import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { usePaymentProviders } from '@/payments/admin/providers';
import { ordersList, type PaymentFilter } from '../../lib/api/order-list';
import { useListCount } from '../../lib/list';

type Only = Extract<PaymentFilter, 'awaiting' | 'holdExpired'>;

function Notice({
  count,
  shown,
  tone,
  onToggle,
  button,
  children,
}: {
  count: number;
  /** Whether the list shows only these orders. */
  shown: boolean;
  tone: string;
  onToggle: () => void;
  button: string;
  children: ReactNode;
}) {
  if (count === 0 && !shown) return null;
  return (
    <div className={`mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl p-4 ring-1 ${tone}`}>
      <p className="max-w-3xl text-sm">{children}</p>
      <button type="button" className={`${btn.secondary} py-2 text-sm`} aria-pressed={shown} onClick={onToggle}>
        {button}
      </button>
    </div>
  );
}

/** `only`: the list's payment filter; `onOnly` sets it to one of the notices' kinds of orders, or clears it. */
export function PaymentNotices({ only, onOnly }: { only: PaymentFilter | ''; onOnly: (only: Only | '') => void }) {
  const awaiting = useListCount(ordersList, { paymentStatus: 'awaiting' }).data ?? 0;
  const holdExpired = useListCount(ordersList, { paymentStatus: 'holdExpired' }).data ?? 0;
  const { t } = useLingui();
  const toggle = (which: Only) => () => onOnly(only === which ? '' : which);
  const account = usePaymentProviders().merchantAccount();
  return (
    <>
      <Notice
        count={awaiting}
        shown={only === 'awaiting'}
        tone="bg-amber-50 text-amber-950 ring-amber-300"
        onToggle={toggle('awaiting')}
        button={t`Show only orders awaiting payment`}
      >
        <strong>{plural(awaiting, { one: '# order awaits payment.', other: '# orders await payment.' })}</strong>{' '}
        <Trans>
          The payment provider did not confirm the payment: check {account} (the order's Payment column names the method), then mark
          the order as paid or cancel it.
        </Trans>
      </Notice>
      <Notice
        count={holdExpired}
        shown={only === 'holdExpired'}
        tone="bg-rose-50 text-rose-950 ring-rose-300"
        onToggle={toggle('holdExpired')}
        button={t`Show only orders whose hold expired`}
      >
        <strong>{plural(holdExpired, { one: '# order was canceled unpaid.', other: '# orders were canceled unpaid.' })}</strong>{' '}
        <Trans>
          Their payment was never confirmed in time, so their items went back on sale. Check {account}: if the money arrived, refund
          it to the shopper.
        </Trans>
      </Notice>
    </>
  );
}
