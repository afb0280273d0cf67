import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CartIcon, HeartIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/EmptyState';
import { DiscountBadge, Price } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn, field } from '@/components/ui/styles';
import { parseSort, SEARCH_PAGE_SIZE } from '@/lib/api-paths';
import { EAGER_CARD_IMAGES } from '@/lib/product';
import type { Product, ProductSort } from '@/lib/types';
import { pagedProducts, useSearchProducts } from '../api/product-pages';
import { LoadMore } from './LoadMore';
import { useProductActions } from './product-actions';
import { SizeFilter, useSizeFilter } from './SizeFilter';
import { usePageTitle } from '@/lib/use-page-title';

export const SORT_OPTIONS: { value: ProductSort; label: MessageDescriptor }[] = [
  { value: 'relevance', label: msg`Relevance` },
  { value: 'price-asc', label: msg`Price: Low to High` },
  { value: 'price-desc', label: msg`Price: High to Low` },
  { value: 'newest', label: msg`Newest First` },
];

function SearchResultCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const { t } = useLingui();
  const name = product.name;
  const { addToCart, toggleWishlist, isInWishlist, isAdding } = useProductActions();
  const inWishlist = isInWishlist(product._id);
  const soldOut = product.stockStatus === 'outOfStock';
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      <Link to={`/product/${product._id}`} className="relative block" tabIndex={-1} aria-hidden="true">
        <ProductImage
          path={product.thumbnail || product.image}
          alt=""
          width={400}
          height={500}
          eager={eager}
          className="aspect-[4/5] w-full"
        />
        <DiscountBadge discount={product.discount} className="absolute left-2 top-2" />
      </Link>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <h2 className="text-sm font-semibold sm:text-base">
          <Link to={`/product/${product._id}`} className="line-clamp-2 min-h-11 hover:text-brand-700">
            {product.name}
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>
        <Price product={product} />
        <div className="mt-auto flex gap-2 pt-1">
          <button
            type="button"
            className={`${btn.icon} ring-1 ring-stone-300 ${inWishlist ? 'text-brand-700' : ''}`}
            aria-pressed={inWishlist}
            aria-label={inWishlist ? t`Remove ${name} from wishlist` : t`Add ${name} to wishlist`}
            onClick={() => void toggleWishlist(product)}
          >
            <HeartIcon size={18} filled={inWishlist} />
          </button>
          <button
            type="button"
            className={`${btn.icon} bg-brand-700 text-white hover:bg-brand-800`}
            aria-label={t`Add ${name} to cart`}
            disabled={soldOut || isAdding(product._id)}
            onClick={() => void addToCart(product, 1)}
          >
            <CartIcon size={18} />
          </button>
        </div>
      </div>
    </li>
  );
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const sort = parseSort(params.get('sort'));
  const { t, i18n } = useLingui();
  usePageTitle(t`Search: ${query}`);
  const sizeFilter = useSizeFilter();
  const results = useSearchProducts(query, sort, sizeFilter.size);
  const paged = pagedProducts(query ? results.data : undefined);
  const products = paged.products;
  // The count is the server's total (X-Total-Count), not how many pages are loaded.
  const found = paged.total ?? products.length;
  // Asking for the results failed (not a next page: those stay shown, LoadMore says so).
  const failed = Boolean(query) && results.isError && !results.data;
  const list = useRef<HTMLUListElement>(null);

  const changeSort = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'relevance') next.delete('sort');
    else next.set('sort', value);
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            <Trans>Search Results for "{query}"</Trans>
          </h1>
          {!results.isPending && !failed && (
            <p className="mt-1 text-stone-600" aria-live="polite" data-testid="search-count">
              {plural(found, { one: '# product found', other: '# products found' })}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <SizeFilter {...sizeFilter} className="sm:w-48" />
          <div className="sm:w-56">
            <label htmlFor="search-sort" className={field.label}>
              <Trans>Sort by</Trans>
            </label>
            <select id="search-sort" value={sort} onChange={(e) => changeSort(e.target.value)} className={field.input}>
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {i18n._(o.label)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="mt-6">
        {query && results.isPending ? (
          <PageLoading text={t`Searching...`} />
        ) : failed ? (
          <RetryAlert onRetry={() => void results.refetch()}>
            <Trans>The search results could not be loaded.</Trans>
          </RetryAlert>
        ) : products.length === 0 ? (
          <EmptyState
            title={t`No products found`}
            text={t`We couldn't find any products matching your search.`}
            action={
              <Link to="/" className={btn.primary}>
                <Trans>Continue Shopping</Trans>
              </Link>
            }
          />
        ) : (
          <div aria-busy={results.isPlaceholderData} className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <ul
              ref={list}
              className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4"
              aria-label={t`Search results`}
            >
              {products.map((p, i) => (
                <SearchResultCard key={p._id} product={p} eager={i < EAGER_CARD_IMAGES} />
              ))}
            </ul>
            {!results.isPlaceholderData && (
              <LoadMore paged={results} shown={products.length} total={paged.total} pageSize={SEARCH_PAGE_SIZE} list={list} />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
