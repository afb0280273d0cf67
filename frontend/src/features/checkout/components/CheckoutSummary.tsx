import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import { CartSummary } from '@/components/cart/CartSummary';
import { DiscountCodeField } from '@/components/cart/DiscountCodeField';
import { TruckIcon } from '@/components/ui/icons';
import { LineVariant } from '@/components/ui/LineVariant';
import { ProductImage } from '@/components/ui/ProductImage';
import { formatPrice } from '@/lib/format';
import type { Cart } from '@/lib/types';
import { cartLineKey, cartLineRef } from '@/lib/variants';
import { deliveryTimeText } from '../delivery-places';

/**
 * 'Order Summary': the cart's lines, its discount code and amounts as the server counts them,
 * and the delivery time: the zone's once the cart is priced for a place (`cart.delivery`), a
 * prompt to choose one in a shop with zones (`zoned`), the shop's usual times otherwise.
 * Dimmed and busy while the place's totals are on their way (`pricing`).
 */
export function CheckoutSummary({ cart, zoned = false, pricing = false }: { cart: Cart; zoned?: boolean; pricing?: boolean }) {
  return (
    <aside
      aria-busy={pricing}
      className={`h-fit space-y-6 rounded-2xl bg-white p-5 ring-1 ring-stone-200 transition-opacity sm:p-6 lg:sticky lg:top-28${pricing ? ' opacity-60' : ''}`}
    >
      <h2 className="text-lg font-bold">
        <Trans>Order Summary</Trans>
      </h2>
      {cart.products.length === 0 ? (
        <p className="text-stone-600">
          <Trans>Your cart is empty</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {cart.products.map((line) => (
            <li key={cartLineKey(cartLineRef(line))} className="flex gap-3 py-3">
              <ProductImage
                path={line.image}
                alt=""
                width={56}
                height={70}
                className="h-[70px] w-14 rounded-lg"
              />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{line.productId.name}</p>
                <LineVariant variant={line.variant} />
                <p className="text-sm text-stone-600">
                  <Trans>Qty: {{ quantity: line.quantity }}</Trans>
                </p>
              </div>
              <p className="text-sm font-semibold">{formatPrice(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
      )}
      {cart.products.length > 0 && <DiscountCodeField cart={cart} className="border-t border-stone-200 pt-4" />}
      <CartSummary cart={cart} className="border-t border-stone-200 pt-4" />
      <div className="space-y-2 rounded-xl bg-stone-50 p-4 text-sm text-stone-700">
        <p className="flex items-center gap-2 font-semibold text-stone-900">
          <TruckIcon size={18} /> <Trans>Delivery</Trans>
        </p>
        <DeliveryTime delivery={cart.delivery} zoned={zoned} />
      </div>
    </aside>
  );
}

function DeliveryTime({ delivery, zoned }: { delivery: Cart['delivery']; zoned: boolean }) {
  useLanguage();
  if (delivery) {
    const place = [delivery.district, delivery.city].filter(Boolean).join(', ');
    return (
      <>
        <p>
          <Trans>Delivering to {place}</Trans>
        </p>
        <p data-testid="delivery-time" className="font-semibold text-stone-900">
          {deliveryTimeText(delivery.etaDays)}
        </p>
      </>
    );
  }
  if (zoned) {
    return (
      <p>
        <Trans>Choose where to deliver to see the delivery fee and time.</Trans>
      </p>
    );
  }
  return (
    <>
      <p>
        <Trans>Standard delivery: 2-3 business days</Trans>
      </p>
      <p>
        <Trans>Express delivery: Next business day</Trans>
      </p>
    </>
  );
}
