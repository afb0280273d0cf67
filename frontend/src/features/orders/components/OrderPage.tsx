/**
 * A shopper's order (/orders/:id): its lines, amounts, delivery address, its delivery (the
 * rider, attempts, cash to pay), payment and status timeline, and its returns: while the
 * server says a return can be asked for, 'Return items' opens the request form; otherwise the
 * server's reason is shown. Back from a card page that did not take the payment
 * (`?payment=failed&reason=…`), it says so first; back from one the provider has not answered
 * yet (`?payment=pending`), it says it is waiting (the order is fetched again meanwhile) until
 * the payment is confirmed. An order whose card payment is still open otherwise
 * (`paymentPageUrl`: the shopper left the card page without paying) offers to go back to it; one
 * taken by phone that waits for the shopper's payment (`paymentAwaits` 'customer') offers Pay now.
 */
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { OrderLineList } from '@/components/ui/OrderLineList';
import { OrderTotals } from '@/components/ui/OrderTotals';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { PageLoading } from '@/components/ui/Spinner';
import { StatusTimeline } from '@/components/ui/StatusTimeline';
import { btn } from '@/components/ui/styles';
import { usePageOrder } from '../hooks/use-page-order';
import { OrderDelivery } from './OrderDelivery';
import { OrderHeading } from './OrderHeading';
import { OrderPayment } from './OrderPayment';
import { OrderReturns } from './OrderReturns';
import { OrderSection } from './OrderSection';
import { PaymentFailedAlert } from './PaymentFailedAlert';
import { PaymentOpenNote } from './PaymentOpenNote';
import { PaymentPendingNote } from './PaymentPendingNote';
import { PayNowNote } from './PayNowNote';
import { reviewLink } from './ReviewLink';

export function OrderPage() {
  const { order, short, notFound, paymentPending } = usePageOrder();
  const { t } = useLingui();
  const [params] = useSearchParams();
  const paymentFailed = params.get('payment') === 'failed';

  if (order.isPending) return <PageLoading text={t`Loading order...`} />;
  if (order.isError) {
    if (notFound) {
      return (
        <EmptyState
          level={1}
          title={t`Order not found`}
          text={t`We could not find this order in your account.`}
          action={
            <Link to="/profile?tab=orders" className={btn.primary}>
              <Trans>View my orders</Trans>
            </Link>
          }
        />
      );
    }
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <RetryAlert onRetry={() => void order.refetch()}>
          <Trans>This order could not be loaded.</Trans>
        </RetryAlert>
      </div>
    );
  }

  const o = order.data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {paymentFailed && <PaymentFailedAlert reason={params.get('reason')?.trim() || null} />}
      {paymentPending && <PaymentPendingNote status={o.paymentStatus} />}
      {/* Not beside the failed alert (that order is canceled), nor while the provider has yet to
          say whether the card was paid on the page the shopper just came back from. */}
      {o.paymentPageUrl && !paymentFailed && !paymentPending && <PaymentOpenNote pageUrl={o.paymentPageUrl} />}
      {/* An order taken by phone that waits for this shopper to pay it: Pay now opens a payment link's page. */}
      {o.paymentAwaits === 'customer' && !paymentFailed && !paymentPending && <PayNowNote orderId={o._id} />}
      <OrderHeading order={o} short={short} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <OrderSection id="items-title" title={t`Items`}>
            <OrderLineList lines={o.products} action={o.status === 'delivered' ? reviewLink : undefined} />
            <div className="mt-4 border-t border-stone-200 pt-4">
              <OrderTotals order={o} />
            </div>
          </OrderSection>
          <OrderReturns order={o} />
        </div>
        <div className="space-y-6">
          <OrderSection id="delivery-title" title={t`Delivery address`}>
            {o.shippingAddress ? (
              <ShippingAddressText address={o.shippingAddress} className="text-stone-700" />
            ) : (
              <p className="text-stone-600">
                <Trans>No delivery address recorded.</Trans>
              </p>
            )}
          </OrderSection>
          <OrderDelivery order={o} />
          <OrderPayment order={o} />
          <OrderSection id="status-title" title={t`Order status`}>
            <StatusTimeline history={o.statusHistory ?? []} label={t`Order status history`} />
          </OrderSection>
        </div>
      </div>
    </div>
  );
}
