/**
 * One order in the back office (/admin/orders/:id): the customer, lines (with SKU), amounts,
 * delivery address, its delivery (rider, state, attempts, a locked code), payment, the status
 * history with who set each status, the order's returns with their next steps, its payment
 * attempts (for whoever reads money), the status update, and a printable packing slip. The
 * returns and the payment attempts are their areas' (AdminRoutes.tsx hands them in).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { OrderLineList } from '@/components/ui/OrderLineList';
import { OrderTotals } from '@/components/ui/OrderTotals';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { PageLoading } from '@/components/ui/Spinner';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { StatusTimeline } from '@/components/ui/StatusTimeline';
import { btn } from '@/components/ui/styles';
import { useOrder, useResolveOrderRefund, useUpdateOrderStatus } from '@/lib/api/orders';
import { useSettings } from '@/lib/api/settings';
import { ApiError } from '@/lib/api-client';
import { orderNumber } from '@/lib/format';
import { usePaymentProviders } from '@/payments/admin/providers';
import { usePaymentMethods } from '@/payments/api/methods';
import { paymentMethodName } from '@/payments/names';
import { useCan } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import type { Order, PaymentMethodId } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { Card } from '../../components/Card';
import { unconfirmedTitle, UnconfirmedRefund } from '../../components/UnconfirmedRefund';
import { adminErrorMessage, logError } from '../../lib/errors';
import { admin, formatDateTime } from '../../lib/ui';
import { formatPhone } from '@/lib/phone-format';
import { setByText } from '../../lib/who';
import { OrderDeliveryCard } from './OrderDeliveryCard';
import { PackingSlip } from './PackingSlip';
import { UpdateStatusModal } from './UpdateStatusModal';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <dt className="text-stone-600">{term}</dt>
      <dd className="min-w-0 font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** What the page draws from other areas of the back office. */
interface Parts {
  /** The order's returns, each with its next steps. */
  Returns: ComponentType<{ orderId: string; method: PaymentMethodId | null }>;
  /** Each charge started for the order. */
  Payments: ComponentType<{ orderId: string }>;
}

function OrderDetail({ order, Returns, Payments }: { order: Order } & Parts) {
  const { t } = useLingui();
  const settings = useSettings();
  const { refundProvider } = usePaymentProviders();
  const can = useCan();
  // The status and an unanswered refund are changed by whoever may update orders (the server's orders.update).
  const mayUpdate = can('orders.update');
  const [updating, setUpdating] = useState(false);
  const update = useUpdateOrderStatus({
    onSuccess: () => {
      toast.success(t`Order status updated successfully`);
      setUpdating(false);
    },
    onError: (err) => {
      logError('Failed to update order status', err);
      toast.error(adminErrorMessage(err, t`Failed to update order status`));
    },
  });
  const resolve = useResolveOrderRefund({
    onSuccess: (_, vars) => toast.success(vars.resolution === 'confirmed' ? t`Order marked as refunded` : t`Refund sent again`),
    onError: (err) => {
      logError('Failed to resolve the refund', err);
      toast.error(adminErrorMessage(err, t`Failed to resolve the refund`));
    },
  });
  const customer = order.userId;
  const address = order.shippingAddress;
  const short = orderNumber(order);
  const placed = formatDateTime(order.createdAt);

  return (
    <>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className={admin.pageTitle}>
            <Trans>Order {short}</Trans>
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <Trans>Placed {placed}</Trans>
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <OrderStatusBadge status={order.status} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayUpdate && (
            <button type="button" className={btn.secondary} onClick={() => setUpdating(true)}>
              <Trans>Update Status</Trans>
            </button>
          )}
          <button type="button" className={btn.primary} onClick={() => window.print()}>
            <Trans>Print packing slip</Trans>
          </button>
        </div>
      </div>

      {order.refundStatus === 'unconfirmed' && mayUpdate && (
        <div className="mt-6">
          <UnconfirmedRefund
            amount={order.totalAmount === undefined ? undefined : order.totalAmount - (order.refundedAmount ?? 0)}
            method={order.paymentMethod}
            sentAt={order.refundSentAt}
            subject={t`of order ${short}`}
            busy={resolve.isPending}
            onResolve={(resolution) => resolve.mutate({ id: order._id, resolution })}
          />
        </div>
      )}

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <Card id="items-title" title={t`Items`}>
            <OrderLineList lines={order.products} showSku />
            <div className="mt-4 border-t border-stone-200 pt-4">
              <OrderTotals order={order} />
            </div>
          </Card>
          <Returns orderId={order._id} method={order.paymentMethod} />
        </div>
        <div className="space-y-6">
          <Card id="customer-title" title={t`Customer`}>
            <p className="font-medium text-stone-900">{customer?.name || t`Unknown`}</p>
            <p className="break-words text-stone-600">{customer?.email || t`No email`}</p>
          </Card>
          <Card id="delivery-title" title={t`Delivery address`}>
            {address ? (
              <ShippingAddressText address={address} className="text-stone-700" />
            ) : (
              <p className="text-stone-600">
                <Trans>No delivery address given</Trans>
              </p>
            )}
          </Card>
          <OrderDeliveryCard order={order} />
          <Card id="payment-title" title={t`Payment`}>
            <dl className="space-y-2 text-sm">
              <Fact term={t`Method`}>{paymentMethodName(order.paymentMethod)}</Fact>
              {order.paymentPhone && <Fact term={t`Phone`}>{formatPhone(order.paymentPhone)}</Fact>}
              {order.transactionId && <Fact term={t`Transaction`}>{order.transactionId}</Fact>}
              {order.paymentStatus && (
                <Fact term={t`Status`}>
                  <PaymentStatusBadge status={order.paymentStatus} />
                </Fact>
              )}
              {order.refundStatus && (
                <Fact term={t`Refund`}>
                  {order.refundStatus === 'sending' ? t`Being sent to ${{ provider: refundProvider(order.paymentMethod) }}` : unconfirmedTitle()}
                </Fact>
              )}
            </dl>
          </Card>
          {/* Each charge started for the order, for whoever reads money (the server's money.read). */}
          {can('money.read') && <Payments orderId={order._id} />}
          <Card id="history-title" title={t`Status history`}>
            <StatusTimeline history={order.statusHistory ?? []} label={t`Order status history`} who={setByText} />
          </Card>
        </div>
      </div>

      <PackingSlip order={order} shopName={settings.data?.shopName ?? ''} />
      {updating && (
        <UpdateStatusModal
          order={order}
          busy={update.isPending}
          onClose={() => setUpdating(false)}
          onSubmit={(status) => update.mutate({ id: order._id, status })}
        />
      )}
    </>
  );
}

export default function OrderPage(parts: Parts) {
  const { t } = useLingui();
  const id = useParams().id ?? '';
  const order = useOrder(id);
  // The refund's words name the order's provider (the methods' `provider`): the page waits for both.
  const methods = usePaymentMethods();
  usePageTitle(order.data && t`Order ${{ short: orderNumber(order.data) }}`);

  return (
    <section>
      <Link to="/admin/orders" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline">
        {'← '}
        {t`Orders`}
      </Link>
      {order.isPending || methods.isPending ? (
        <PageLoading text={t`Loading order...`} />
      ) : order.isError ? (
        order.error instanceof ApiError && order.error.status === 404 ? (
          <EmptyState level={1} title={t`Order not found`} text={t`No order has this number.`} />
        ) : (
          <RetryAlert className="mt-6" onRetry={() => void order.refetch()}>
            {adminErrorMessage(order.error, t`Failed to load the order. Please try again.`)}
          </RetryAlert>
        )
      ) : (
        <OrderDetail order={order.data} {...parts} />
      )}
    </section>
  );
}
