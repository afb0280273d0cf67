import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { usePageProduct } from '../hooks/use-page-product';
import { ProductDetails } from './ProductDetails';
import { ProductGallery } from './ProductGallery';
import { ProductReviews } from './ProductReviews';

/** /product/:id: the product's pictures and details, then its reviews. */
export function ProductPage() {
  const product = usePageProduct();
  const { t } = useLingui();

  if (product.isPending) return <Spinner label={t`Loading product`} />;
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
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
        <ProductGallery key={`gallery-${id}`} product={product.data} />
        <ProductDetails key={`details-${id}`} product={product.data} />
      </div>
      <ProductReviews key={`reviews-${id}`} productId={id} />
    </>
  );
}
