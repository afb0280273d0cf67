import { Trans } from '@lingui/react/macro';
import { OrderLineList } from '@/components/ui/OrderLineList';
import { OrderTotals } from '@/components/ui/OrderTotals';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import type { LinkedOrder } from '@/lib/types';

/** What a payment link's order is: its lines with their pictures, its amounts as the server counts them, and where it is delivered. */
export function LinkedOrderSummary({ order }: { order: LinkedOrder }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="link-items-title" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
        <h2 id="link-items-title" className="mb-4 text-lg font-bold text-stone-900">
          <Trans>Your order</Trans>
        </h2>
        <OrderLineList lines={order.products} />
        <div className="mt-4 border-t border-stone-200 pt-4">
          <OrderTotals order={order} />
        </div>
      </section>
      {order.shippingAddress && (
        <section aria-labelledby="link-address-title" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
          <h2 id="link-address-title" className="mb-3 text-lg font-bold text-stone-900">
            <Trans>Delivery address</Trans>
          </h2>
          <ShippingAddressText address={order.shippingAddress} className="text-stone-700" />
        </section>
      )}
    </div>
  );
}
