import { useRef, type ReactNode } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { plural, select, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { btn } from '@/components/ui/styles';
import { CATEGORY_PAGE_SIZE } from '@/lib/api-paths';
import { capitalize } from '@/lib/format';
import { pagedProducts, useCategoryKeys, useCategoryProductPages } from '../api/product-pages';
import { categoryName } from '../category-name';
import { EAGER_CARD_IMAGES } from '@/lib/product';
import { LoadMore } from './LoadMore';
import { ProductGrid, ProductGridSkeleton } from './ProductCard';
import { SizeFilter, useSizeFilter } from './SizeFilter';
import { usePageTitle } from '@/lib/use-page-title';

/** Filter keys: 'Women' always first, then the server's other categories. */
export function categoryFilters(keys: readonly string[]): string[] {
  const others = keys.filter((k) => k.toLowerCase() !== 'women');
  return ['women', ...others];
}

/**
 * Whether the URL's category is unknown: the server's keys have loaded and none is it (compared
 * case-insensitively). While the keys load, or when asking for them failed, every category is
 * taken as known. No category (/category, all products) is never unknown.
 */
export function isUnknownCategory(category: string | undefined, keys: readonly string[] | undefined): boolean {
  if (!category || keys === undefined) return false;
  const wanted = category.toLowerCase();
  return !keys.some((k) => k.toLowerCase() === wanted);
}

/** '{Category} Collection' (e.g. 'Kids Collection'), or 'All Products' without a category. */
export function categoryHeading(category: string | undefined): string {
  if (!category) return t`All Products`;
  const name = capitalize(category);
  return select(category, {
    women: 'Women Collection',
    kids: 'Kids Collection',
    sales: 'Sales Collection',
    other: `${name} Collection`,
  });
}

/** `notFound`: what to show for a category the server does not have (the app's not-found page). */
export function CategoryPage({ notFound }: { notFound: ReactNode }) {
  const { categoryName: param } = useParams();
  const category = param?.toLowerCase();
  useLanguage();
  const keysQuery = useCategoryKeys();
  const keys = keysQuery.data;
  const unknown = isUnknownCategory(category, keys);
  usePageTitle(unknown ? t`Page not found` : categoryHeading(category));
  const sizeFilter = useSizeFilter(category);
  const paged = useCategoryProductPages(category, sizeFilter.size);
  const { products, total } = pagedProducts(paged.data);
  // Asking for the products failed (not a next page: those stay shown, LoadMore says so).
  const failed = paged.isError && !paged.data;
  const retry = () => {
    void paged.refetch();
    // The filter buttons failed with them when the server could not be reached.
    if (keysQuery.isError) void keysQuery.refetch();
  };
  // 'All Products' and 'Women' only while the server's keys load or when the call failed.
  const filters = categoryFilters(keys ?? []);
  const grid = useRef<HTMLDivElement>(null);

  // A category the server does not have (e.g. /category/nonsense).
  if (unknown) return notFound;

  const pill = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition ${
      isActive ? 'bg-stone-900 text-white ring-stone-900' : 'bg-white text-stone-800 ring-stone-300 hover:ring-stone-500'
    }`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{categoryHeading(category)}</h1>
      <nav aria-label={t`Categories`} className="-mx-4 mt-5 overflow-x-auto px-4 pb-2">
        <ul className="flex gap-2">
          <li>
            <NavLink to="/category" end className={pill}>
              <Trans>All Products</Trans>
            </NavLink>
          </li>
          {filters.map((key) => (
            <li key={key}>
              <NavLink to={`/category/${encodeURIComponent(key)}`} className={pill}>
                {categoryName(key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SizeFilter {...sizeFilter} className="mt-4 sm:ml-auto sm:w-56" />

      <div className="mt-6">
        {paged.isPending ? (
          <>
            <p className="mb-4 text-sm text-stone-600" aria-hidden="true">
              &nbsp;
            </p>
            <ProductGridSkeleton />
          </>
        ) : failed ? (
          <RetryAlert onRetry={retry}>
            <Trans>The products could not be loaded.</Trans>
          </RetryAlert>
        ) : products.length === 0 ? (
          <EmptyState
            title={t`No Products Found`}
            text={t`We couldn't find any products in this category. Check back soon for new arrivals!`}
            action={
              <Link to="/category" className={btn.primary}>
                <Trans>View All Products</Trans>
              </Link>
            }
          />
        ) : (
          <div
            ref={grid}
            aria-busy={paged.isPlaceholderData}
            className={paged.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          >
            <p className="mb-4 text-sm text-stone-600">
              {plural({ count: total ?? products.length }, { one: '# product', other: '# products' })}
            </p>
            <ProductGrid products={products} eagerCount={EAGER_CARD_IMAGES} headingLevel={2} />
            {!paged.isPlaceholderData && (
              <LoadMore
                paged={paged}
                shown={products.length}
                total={total}
                pageSize={CATEGORY_PAGE_SIZE}
                list={grid}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
