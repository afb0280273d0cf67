/**
 * 'Delivery' on the shopper's order page: once the order went out, who brings it (the rider's
 * first name, and a call link while it is out), whether it was delivered, and each attempt that
 * failed (when, and why in words); for an order paid in cash on delivery and not paid yet, what
 * to pay the rider. Nothing before it goes out, unless there is cash to pay.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { DeliveryAttempts } from '@/components/ui/DeliveryAttempts';
import { formatDateTime, formatPrice } from '@/lib/format';
import type { OrderDetail } from '@/lib/types';
import { OrderSection } from './OrderSection';

export function OrderDelivery({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const delivery = order.delivery;
  // The server's word: an open order whose cash its rider collects.
  const cashDue = order.paymentAwaits === 'rider';
  if (!delivery && !cashDue) return null;
  const rider = delivery?.riderName ?? '';
  const riderPhone = delivery?.riderPhone ?? '';
  const riderCallUrl = delivery?.riderCallUrl ?? null;
  const amount = formatPrice(order.totalAmount);
  const deliveredAt = formatDateTime(delivery?.deliveredAt);
  return (
    <OrderSection id="rider-title" title={t`Delivery`}>
      <div className="space-y-3 text-sm">
        {delivery?.state === 'out' && (
          <div className="rounded-lg bg-brand-50 p-3 ring-1 ring-brand-200">
            <p className="font-semibold text-stone-900">
              <Trans>On its way with {rider}</Trans>
            </p>
            {riderCallUrl && (
              <a href={riderCallUrl} className="mt-1 inline-block font-semibold text-brand-800 underline">
                <Trans>Call {rider}: {riderPhone}</Trans>
              </a>
            )}
          </div>
        )}
        {delivery?.state === 'delivered' && (
          <p className="font-semibold text-emerald-800">
            {deliveredAt ? <Trans>Delivered by {rider} on {deliveredAt}</Trans> : <Trans>Delivered by {rider}</Trans>}
          </p>
        )}
        {delivery?.state === 'failed' && (
          <p className="text-stone-800">
            <Trans>We could not deliver it yet. The shop will send it out again.</Trans>
          </p>
        )}
        {cashDue && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-950 ring-1 ring-amber-300" data-testid="cash-due">
            <Trans>Pay {amount} in cash on delivery</Trans>
          </p>
        )}
        {delivery && <DeliveryAttempts attempts={delivery.attempts} />}
      </div>
    </OrderSection>
  );
}
