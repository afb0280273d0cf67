import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { HeartIcon, TrashIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { hasVariants } from '@/lib/variants';
import type { Product } from '@/lib/types';
import { useRemoveFromWishlist, useWishlist } from '../api/wishlist';

export function wishlistCountLabel(n: number): string {
  return plural(n, { 1: '1 Item', other: '# Items in Wishlist' });
}

/**
 * The wishlist page. Moving to the cart is the caller's (it needs the cart feature):
 * `onMoveToCart` resolves true once the product is in the cart and out of the wishlist.
 */
export function WishlistView({
  onMoveToCart,
  onMoveAll,
  movingId,
  movingAll,
}: {
  onMoveToCart: (product: Product) => void;
  onMoveAll: (products: Product[]) => void;
  movingId: string | null;
  movingAll: boolean;
}) {
  const { t } = useLingui();
  const wishlist = useWishlist();
  const remove = useRemoveFromWishlist({
    onSuccess: () => toast.success(t`Removed from wishlist`),
    onError: (err) => toast.error(errorMessage(err, t`Failed to remove item from wishlist`)),
  });

  if (wishlist.isPending) return <PageLoading text={t`Loading your wishlist...`} />;
  if (wishlist.isError && !wishlist.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>My Wishlist</Trans>
        </h1>
        <RetryAlert onRetry={() => void wishlist.refetch()}>
          <Trans>Your wishlist could not be loaded.</Trans>
        </RetryAlert>
      </div>
    );
  }
  const lines = wishlist.data?.products ?? [];
  if (lines.length === 0) {
    return (
      <EmptyState
        level={1}
        icon={<HeartIcon size={56} />}
        title={t`Your wishlist is empty`}
        text={t`Save the pieces you love and find them here later.`}
        action={
          <Link to="/category" className={btn.primary}>
            <Trans>Start Shopping</Trans>
          </Link>
        }
      />
    );
  }
  // 'Move all' moves one-size products; a size is chosen on the product's page.
  const available = lines
    .map((l) => l.productId)
    .filter((p) => p.stockStatus !== 'outOfStock' && !hasVariants(p));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            <Trans>My Wishlist</Trans>
          </h1>
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
            {wishlistCountLabel(lines.length)}
          </span>
        </div>
        {available.length > 1 && (
          <button type="button" className={btn.secondary} disabled={movingAll} onClick={() => onMoveAll(available)}>
            <Trans>Move all to cart</Trans>
          </button>
        )}
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
        {lines.map(({ productId: p }) => {
          const soldOut = p.stockStatus === 'outOfStock';
          const name = p.name;
          return (
            <li key={p._id} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
              <div className="relative">
                <Link to={`/product/${p._id}`} tabIndex={-1} aria-hidden="true">
                  <ProductImage path={p.thumbnail || p.image} alt="" width={400} height={500} className="aspect-[4/5] w-full" />
                </Link>
                <button
                  type="button"
                  title={t`Remove from wishlist`}
                  aria-label={t`Remove ${name} from wishlist`}
                  disabled={remove.isPending && remove.variables === p._id}
                  onClick={() => remove.mutate(p._id)}
                  className="absolute right-1.5 top-1.5 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-stone-700 shadow hover:text-red-700"
                >
                  <TrashIcon size={18} />
                </button>
              </div>
              <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
                <Link to={`/product/${p._id}`} className="line-clamp-2 min-h-11 text-sm font-semibold hover:text-brand-700 sm:text-base">
                  {p.name}
                </Link>
                <Price product={p} />
                <button
                  type="button"
                  className={`${btn.primary} mt-auto w-full px-2 py-2 text-sm`}
                  disabled={soldOut || movingId === p._id || movingAll}
                  onClick={() => onMoveToCart(p)}
                >
                  {soldOut ? t`Out of Stock` : t`Add to Cart`}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-8 text-center">
        <Link to="/category" className={btn.secondary}>
          <Trans>Continue Shopping</Trans>
        </Link>
      </div>
    </div>
  );
}
