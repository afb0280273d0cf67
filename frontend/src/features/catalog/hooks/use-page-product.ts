import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { useProduct } from '@/lib/api/products';
import { toast } from '@/lib/toast';

/** The product of /product/:id. A failure to load it is toasted, but not its absence (404: the page says so). */
export function usePageProduct() {
  const { id } = useParams();
  const product = useProduct(id);
  const { t } = useLingui();
  const failed = product.isError && !(product.error instanceof ApiError && product.error.status === 404);

  useEffect(() => {
    if (failed) toast.error(t`Failed to load product details`, { toastId: 'product-details' });
  }, [failed, t]);

  return product;
}
