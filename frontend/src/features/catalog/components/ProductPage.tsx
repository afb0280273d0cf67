import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { Spinner } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import type { Product } from '@/lib/types';
import { usePageProduct } from '../hooks/use-page-product';
import { useProductChoice } from '../hooks/use-product-choice';
import { ProductDetails } from './ProductDetails';
import { ProductGallery } from './ProductGallery';
import { ProductReviews } from './ProductReviews';

/**
 * The pictures of the colour chosen beside the details where it is chosen; its state starts
 * afresh for each product, with the size `?variant=` names chosen (a link to a size, or the way
 * back from signing in to be told when it is back).
 */
function ProductView({ product }: { product: Product }) {
  const [params] = useSearchParams();
  const choice = useProductChoice(product, params.get('variant'));
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
      <ProductGallery product={product} colour={choice.colour} />
      <ProductDetails product={product} choice={choice} />
    </div>
  );
}

/** /product/:id: the product's pictures and details, then its reviews. */
export function ProductPage() {
  const product = usePageProduct();
  const { t } = useLingui();

  if (product.isPending) return <Spinner label={t`Loading product`} />;
  // Not there (404) is 'Product Not Found'; any other failure says so, with Try Again.
  if (!product.data && !(product.error instanceof ApiError && product.error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <RetryAlert onRetry={() => void product.refetch()}>
          <Trans>Failed to load product details</Trans>
        </RetryAlert>
      </div>
    );
  }
  if (!product.data) {
    return (
      <EmptyState
        level={1}
        title={t`Product Not Found`}
        text={t`The product you are looking for is not available.`}
        action={
          <Link to="/category" className={btn.primary}>
            <Trans>Browse Products</Trans>
          </Link>
        }
      />
    );
  }
  const { _id: id } = product.data;
  return (
    <>
      <ProductView key={`view-${id}`} product={product.data} />
      <ProductReviews key={`reviews-${id}`} productId={id} />
    </>
  );
}
