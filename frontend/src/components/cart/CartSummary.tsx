import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import { formatPrice } from '@/lib/format';
import type { Cart } from '@/lib/types';

/** What the discount line takes off: a free-shipping code takes nothing off the merchandise (the shipping is 0 instead). */
const discountText = (amount: number) => (amount > 0 ? `-${formatPrice(amount)}` : t`Free shipping`);

/** The cart's totals as the server sent them (what checkout charges): subtotal, the code's discount, shipping, total. */
export function CartSummary({ cart, className = '' }: { cart: Cart; className?: string }) {
  useLanguage();
  return (
    <dl className={`space-y-3 text-sm ${className}`}>
      <div className="flex justify-between">
        <dt>{plural({ count: cart.itemCount }, { one: 'Subtotal (# item)', other: 'Subtotal (# items)' })}</dt>
        <dd data-testid="subtotal">{formatPrice(cart.subtotal)}</dd>
      </div>
      {cart.discount && (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt className="min-w-0 break-words">
            <Trans>Discount ({{ code: cart.discount.code }})</Trans>
          </dt>
          <dd data-testid="discount" className="whitespace-nowrap font-semibold">
            {discountText(cart.discount.amount)}
          </dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>
          <Trans>Shipping</Trans>
        </dt>
        <dd data-testid="shipping">{formatPrice(cart.shipping)}</dd>
      </div>
      <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-bold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid="total">{formatPrice(cart.total)}</dd>
      </div>
    </dl>
  );
}
