import { useState } from 'react';
import { Link } from 'react-router';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { CartIcon, MinusIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { ProductImage } from '@/components/ui/ProductImage';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { maxQuantity } from '@/lib/product';
import type { CartLine } from '@/lib/types';
import { cartLineKey, cartLineRef, lineVariant, variantLabel } from '@/lib/variants';
import { LineVariant } from '@/components/ui/LineVariant';
import { useAddToCart, useCart, useClearCart, useRemoveFromCart } from '@/lib/api/cart';
import { usePageTitle } from '@/lib/use-page-title';
import { CartSummary } from '@/components/cart/CartSummary';
import { DiscountCodeField } from '@/components/cart/DiscountCodeField';

function quantityError(err: unknown): string {
  if (err instanceof ApiError && err.isNetworkError) return t`Error updating quantity`;
  return errorMessage(err, t`Failed to update quantity`);
}

/** The most a line may hold: the stock of its size, or the product's for a one-size line. */
const lineMax = (line: CartLine) => maxQuantity(lineVariant(line) ?? line.productId);

function CartLineItem({ line, busy, onChange, onRemove }: {
  line: CartLine;
  busy: boolean;
  onChange: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const p = line.productId;
  const max = lineMax(line);
  const price = formatPrice(p.price);
  // Names the line for assistive tech: two sizes of one product are two lines.
  const name = line.variant ? `${p.name} (${variantLabel(line.variant)})` : p.name;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
      <Link to={`/product/${p._id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage path={line.image} alt="" width={96} height={120} className="h-28 w-22 rounded-xl sm:h-30 sm:w-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/product/${p._id}`} className="line-clamp-2 min-h-11 font-semibold hover:text-brand-700">
              {p.name}
            </Link>
            <LineVariant variant={line.variant} />
            <p className="text-sm text-stone-600">
              <span className="sr-only">
                <Trans>Unit price:</Trans>{' '}
              </span>
              <Trans>{price} each</Trans>
            </p>
          </div>
          <button
            type="button"
            title={t`Remove from cart`}
            aria-label={t`Remove ${name} from cart`}
            className={`${btn.icon} text-stone-500 hover:text-red-700`}
            onClick={onRemove}
            disabled={busy}
          >
            <TrashIcon size={18} />
          </button>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <div className="inline-flex items-center rounded-lg ring-1 ring-stone-300" role="group" aria-label={t`Quantity of ${name}`}>
            <button
              type="button"
              className={btn.icon}
              aria-label={t`Decrease quantity`}
              disabled={busy || line.quantity <= 1}
              onClick={() => onChange(-1)}
            >
              <MinusIcon size={16} />
            </button>
            <span className="w-8 text-center font-semibold" aria-live="polite" data-testid="line-quantity">
              {line.quantity}
            </span>
            <button
              type="button"
              className={btn.icon}
              aria-label={t`Increase quantity`}
              disabled={busy || line.quantity >= max}
              onClick={() => onChange(1)}
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <p className="font-bold" data-testid="line-total">
            <span className="sr-only">
              <Trans>Line total:</Trans>{' '}
            </span>
            {formatPrice(line.lineTotal)}
          </p>
        </div>
      </div>
    </li>
  );
}

export function CartPage() {
  const { t } = useLingui();
  usePageTitle(t`Shopping Cart`);
  const cart = useCart();
  const [busyLine, setBusyLine] = useState<string | null>(null);
  // 'Clear cart' asks first: every line goes, and there is no undo.
  const [confirmingClear, setConfirmingClear] = useState(false);
  const change = useAddToCart({ onError: (err) => toast.error(quantityError(err)) });
  const remove = useRemoveFromCart({
    onSuccess: () => toast.success(t`Item removed from cart`),
    onError: (err) => toast.error(errorMessage(err, t`Failed to remove item from cart`)),
  });
  const clear = useClearCart({
    onSuccess: () => setConfirmingClear(false),
    onError: (err) => {
      setConfirmingClear(false);
      toast.error(errorMessage(err, t`Error clearing cart`));
    },
  });

  if (cart.isPending) return <PageLoading text={t`Loading your cart...`} />;
  if (cart.isError && !cart.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>Shopping Cart</Trans>
        </h1>
        <RetryAlert onRetry={() => void cart.refetch()}>
          <Trans>Your cart could not be loaded.</Trans>
        </RetryAlert>
      </div>
    );
  }
  const data = cart.data;
  if (!data || data.products.length === 0) {
    return (
      <EmptyState
        level={1}
        icon={<CartIcon size={56} />}
        title={t`Your cart is empty`}
        text={t`Looks like you haven't added anything yet.`}
        action={
          <Link to="/category" className={btn.primary}>
            <Trans>Start Shopping</Trans>
          </Link>
        }
      />
    );
  }

  const changeQuantity = (line: CartLine, delta: number) => {
    // A change that would bring a line below 1 is ignored.
    if (line.quantity + delta < 1) return;
    if (line.quantity + delta > lineMax(line)) return;
    const ref = cartLineRef(line);
    setBusyLine(cartLineKey(ref));
    change.mutate({ ...ref, quantity: delta }, { onSettled: () => setBusyLine(null) });
  };
  const removeLine = (line: CartLine) => {
    const ref = cartLineRef(line);
    setBusyLine(cartLineKey(ref));
    remove.mutate(ref, { onSettled: () => setBusyLine(null) });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>Shopping Cart</Trans>
        </h1>
        <p className="text-stone-600" data-testid="cart-count">
          {plural({ count: data.itemCount }, { one: '# item', other: '# items' })}
        </p>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_360px]">
        <section aria-label={t`Cart items`} className="rounded-2xl bg-white px-4 ring-1 ring-stone-200 sm:px-6">
          <ul className="divide-y divide-stone-200">
            {data.products.map((line) => {
              const key = cartLineKey(cartLineRef(line));
              return (
                <CartLineItem
                  key={key}
                  line={line}
                  busy={busyLine === key || clear.isPending}
                  onChange={(d) => changeQuantity(line, d)}
                  onRemove={() => removeLine(line)}
                />
              );
            })}
          </ul>
          <div className="flex justify-end border-t border-stone-200 py-3">
            <button
              type="button"
              className={`${btn.ghost} text-sm text-red-700`}
              disabled={clear.isPending}
              onClick={() => setConfirmingClear(true)}
            >
              <Trans>Clear cart</Trans>
            </button>
          </div>
        </section>
        <aside className="h-fit rounded-2xl bg-white p-6 ring-1 ring-stone-200 lg:sticky lg:top-28">
          <h2 className="mb-4 text-lg font-bold">
            <Trans>Order Summary</Trans>
          </h2>
          <DiscountCodeField cart={data} className="mb-5 border-b border-stone-200 pb-5" />
          <CartSummary cart={data} />
          <div className="mt-6 flex flex-col gap-3">
            <Link to="/checkout" className={btn.primary}>
              <Trans>Proceed to Checkout</Trans>
            </Link>
            <Link to="/category" className={btn.secondary}>
              <Trans>Continue Shopping</Trans>
            </Link>
          </div>
        </aside>
      </div>
      {confirmingClear && (
        <ConfirmDialog
          title={t`Clear your cart?`}
          message={plural(
            { count: data.itemCount },
            { one: 'The # item in your cart will be removed.', other: 'All # items in your cart will be removed.' },
          )}
          confirmLabel={t`Clear cart`}
          busyLabel={t`Clearing...`}
          busy={clear.isPending}
          onCancel={() => setConfirmingClear(false)}
          onConfirm={() => clear.mutate(data.products.map(cartLineRef))}
        />
      )}
    </div>
  );
}
