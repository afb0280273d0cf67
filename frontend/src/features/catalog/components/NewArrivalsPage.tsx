import { useRef } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { btn } from '@/components/ui/styles';
import { NEW_ARRIVALS_PAGE_SIZE } from '@/lib/api-paths';
import { pagedProducts, useNewArrivalPages } from '../api/product-pages';
import { EAGER_CARD_IMAGES } from '@/lib/product';
import { LoadMore } from './LoadMore';
import { ProductGrid, ProductGridSkeleton } from './ProductCard';
import { usePageTitle } from '@/lib/use-page-title';

/** The products tagged 'new', one page at a time ('Load more' adds the next page). */
export function NewArrivalsPage() {
  const { t } = useLingui();
  usePageTitle(t`New Arrivals`);
  const paged = useNewArrivalPages();
  const { products, total } = pagedProducts(paged.data);
  const grid = useRef<HTMLDivElement>(null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>New Arrivals</Trans>
      </h1>
      <p className="mt-1 text-stone-600">
        <Trans>The latest styles, just added.</Trans>
      </p>
      <div className="mt-6">
        {paged.isPending ? (
          <ProductGridSkeleton />
        ) : paged.isError && !paged.data ? (
          <RetryAlert onRetry={() => void paged.refetch()}>
            <Trans>The products could not be loaded.</Trans>
          </RetryAlert>
        ) : products.length === 0 ? (
          <EmptyState
            title={t`No Products Found`}
            text={t`Check back soon for new arrivals!`}
            action={
              <Link to="/category" className={btn.primary}>
                <Trans>View All Products</Trans>
              </Link>
            }
          />
        ) : (
          <div ref={grid}>
            <ProductGrid products={products} eagerCount={EAGER_CARD_IMAGES} headingLevel={2} />
            <LoadMore paged={paged} shown={products.length} total={total} pageSize={NEW_ARRIVALS_PAGE_SIZE} list={grid} />
          </div>
        )}
      </div>
    </div>
  );
}
