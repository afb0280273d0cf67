import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { btn } from '@/components/ui/styles';
import { useNewArrivals } from '../api/products';
import { EAGER_CARD_IMAGES } from '@/lib/product';
import { ProductGrid, ProductGridSkeleton } from './ProductCard';
import { usePageTitle } from '@/lib/use-page-title';

export function NewArrivalsPage() {
  usePageTitle('New Arrivals');
  const products = useNewArrivals();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">New Arrivals</h1>
      <p className="mt-1 text-stone-600">The latest styles, just added.</p>
      <div className="mt-6">
        {products.isPending ? (
          <ProductGridSkeleton />
        ) : (products.data ?? []).length === 0 ? (
          <EmptyState
            title="No Products Found"
            text="Check back soon for new arrivals!"
            action={
              <Link to="/category" className={btn.primary}>
                View All Products
              </Link>
            }
          />
        ) : (
          <ProductGrid products={products.data ?? []} eagerCount={EAGER_CARD_IMAGES} headingLevel={2} />
        )}
      </div>
    </div>
  );
}
