import { formatPrice, pluralize } from '@/lib/format';
import type { Cart } from '@/lib/types';

/** What the discount line takes off: a free-shipping code takes nothing off the merchandise (the shipping is 0 instead). */
const discountText = (amount: number) => (amount > 0 ? `-${formatPrice(amount)}` : 'Free shipping');

/** The cart's totals as the server sent them (what checkout charges): subtotal, the code's discount, shipping, total. */
export function CartSummary({ cart, className = '' }: { cart: Cart; className?: string }) {
  return (
    <dl className={`space-y-3 text-sm ${className}`}>
      <div className="flex justify-between">
        <dt>Subtotal ({pluralize(cart.itemCount, 'item', 'items')})</dt>
        <dd data-testid="subtotal">{formatPrice(cart.subtotal)}</dd>
      </div>
      {cart.discount && (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt className="min-w-0 break-words">Discount ({cart.discount.code})</dt>
          <dd data-testid="discount" className="whitespace-nowrap font-semibold">
            {discountText(cart.discount.amount)}
          </dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd data-testid="shipping">{formatPrice(cart.shipping)}</dd>
      </div>
      <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid="total">{formatPrice(cart.total)}</dd>
      </div>
    </dl>
  );
}
