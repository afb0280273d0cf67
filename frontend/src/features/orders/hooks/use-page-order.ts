import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '@/lib/api/orders';
import { shortOrderId } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';

/** The order of /orders/:id, its short number (the page's title from the start), and whether the server has no such order. */
export function usePageOrder() {
  const id = useParams().id ?? '';
  const order = useOrder(id);
  const { t } = useLingui();
  const short = shortOrderId(id);
  usePageTitle(t`Order ${short}`);
  return {
    order,
    short,
    notFound: order.error instanceof ApiError && order.error.status === 404,
  };
}
