import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '@/lib/api/orders';
import { orderNumber } from '@/lib/format';
import { cartKeys, orderKeys } from '@/lib/query-keys';
import type { OrderDetail } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';

const awaitingProvider = (order: OrderDetail) => order.paymentStatus === 'pending';

/**
 * The order of /orders/:id, its number (`#1042`, the page's title once loaded), and whether the
 * server has no such order. Back from a card page the provider has not answered yet
 * (`?payment=pending`, `paymentPending`), the order is fetched again every few seconds while its
 * payment is pending; once it is paid, the cart (emptied by the server then) and the shopper's
 * orders are fetched again.
 */
export function usePageOrder() {
  const id = useParams().id ?? '';
  const [params] = useSearchParams();
  const paymentPending = params.get('payment') === 'pending';
  const order = useOrder(id, paymentPending ? awaitingProvider : undefined);
  const qc = useQueryClient();
  const paidMeanwhile = paymentPending && order.data?.paid === true;
  useEffect(() => {
    if (!paidMeanwhile) return;
    void qc.invalidateQueries({ queryKey: cartKeys.all });
    void qc.invalidateQueries({ queryKey: orderKeys.mine() });
  }, [paidMeanwhile, qc]);
  const { t } = useLingui();
  const short = order.data ? orderNumber(order.data) : '';
  usePageTitle(order.data && t`Order ${short}`);
  return {
    order,
    short,
    notFound: order.error instanceof ApiError && order.error.status === 404,
    paymentPending,
  };
}
