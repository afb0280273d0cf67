/**
 * A shopper's order (/orders/:id): its lines, amounts, delivery address, payment and status
 * timeline, and its returns: while the server says a return can be asked for, 'Return items'
 * opens the request form; otherwise the server's reason is shown.
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import { EmptyState } from '@/components/ui/EmptyState';
import { OrderLineList } from '@/components/ui/OrderLineList';
import { OrderTotals } from '@/components/ui/OrderTotals';
import { ReturnSummary } from '@/components/ui/ReturnSummary';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { PageLoading } from '@/components/ui/Spinner';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { StatusTimeline } from '@/components/ui/StatusTimeline';
import { btn } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { formatLongDate, shortOrderId } from '@/lib/format';
import { paymentMethodName } from '@/lib/order';
import { toast } from '@/lib/toast';
import type { OrderDetail, OrderLine } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { useOrder } from '@/lib/api/orders';
import { useOrderReturns } from '@/lib/api/returns';
import { ReturnForm } from './ReturnForm';

const card = 'rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6';

function Section({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${card} ${className}`}>
      <h2 id={id} className="mb-4 text-lg font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Until when a return can be asked for and the button that opens the form, or why it cannot. */
function ReturnNotice({
  order,
  open,
  onOpen,
  buttonRef,
}: {
  order: OrderDetail;
  open: boolean;
  onOpen: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  useLanguage();
  const until = formatLongDate(order.returnableUntil);
  const { allowed, reason } = order.returnable;
  if (allowed) {
    return (
      <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <Trans>Returns are possible until {until}</Trans>
        </p>
        <button ref={buttonRef} type="button" className={btn.primary} aria-expanded={open} aria-controls="return-form" onClick={onOpen}>
          <Trans>Return items</Trans>
        </button>
      </div>
    );
  }
  return reason ? <p className="text-stone-700">{reason}</p> : null;
}

/**
 * A delivered line's 'Review': to its product's review form (the server decides there whether
 * the shopper may review it). None for a product the shop no longer has.
 */
function reviewLink(line: OrderLine, name: string) {
  const productId = line.productId?._id;
  if (!productId) return null;
  return (
    <Link
      to={`/product/${encodeURIComponent(productId)}#write-review`}
      aria-label={t`Review ${name}`}
      className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 hover:underline sm:min-h-0"
    >
      <Trans>Review</Trans>
    </Link>
  );
}

function OrderReturns({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const returns = useOrderReturns(order._id);
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);

  // The new return's heading takes the focus, so its status is read out where it now is.
  useEffect(() => {
    if (created) document.getElementById(`return-${created}`)?.focus();
  }, [created]);

  const close = () => {
    setFormOpen(false);
    openButton.current?.focus();
  };

  return (
    <Section id="returns-title" title={t`Returns`}>
      {returns.isPending ? (
        <PageLoading text={t`Loading returns...`} />
      ) : returns.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p>
            <Trans>The returns of this order could not be loaded.</Trans>
          </p>
          <button type="button" className={btn.secondary} onClick={() => void returns.refetch()}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      ) : (
        <>
          <ReturnNotice
            order={order}
            open={formOpen}
            onOpen={() => (formOpen ? close() : setFormOpen(true))}
            buttonRef={openButton}
          />
          {formOpen && (
            <ReturnForm
              order={order}
              onCancel={close}
              onDone={(ret) => {
                toast.success(t`Return requested`);
                setFormOpen(false);
                setCreated(ret._id);
              }}
            />
          )}
          {created && (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-200">
              <Trans>Thank you. We have your return request; you can follow its progress here.</Trans>
            </p>
          )}
          {returns.data.length > 0 && (
            <ul className="mt-4 space-y-4" aria-label={t`Returns of this order`}>
              {returns.data.map((ret) => (
                <li key={ret._id}>
                  <ReturnSummary ret={ret} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}

export function OrderPage() {
  const id = useParams().id ?? '';
  const order = useOrder(id);
  const { t } = useLingui();
  const short = shortOrderId(id);
  usePageTitle(t`Order ${short}`);

  if (order.isPending) return <PageLoading text={t`Loading order...`} />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
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
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p>
            <Trans>This order could not be loaded.</Trans>
          </p>
          <button type="button" className={btn.secondary} onClick={() => void order.refetch()}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      </div>
    );
  }

  const o = order.data;
  const placed = formatLongDate(o.createdAt);
  const number = o._id;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/profile?tab=orders" className="text-sm font-semibold text-brand-700 hover:underline">
        ← <Trans>My orders</Trans>
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">
            <Trans>Order {short}</Trans>
          </h1>
          <p className="mt-1 text-stone-600">
            <Trans>Placed on {placed}</Trans>
          </p>
          <p className="mt-1 text-sm break-all text-stone-600">
            <Trans>
              Order number: <span className="font-mono text-stone-900">{number}</span>
            </Trans>
          </p>
        </div>
        <OrderStatusBadge status={o.status} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section id="items-title" title={t`Items`}>
            <OrderLineList lines={o.products} action={o.status === 'delivered' ? reviewLink : undefined} />
            <div className="mt-4 border-t border-stone-200 pt-4">
              <OrderTotals order={o} />
            </div>
          </Section>
          <OrderReturns order={o} />
        </div>
        <div className="space-y-6">
          <Section id="delivery-title" title={t`Delivery address`}>
            {o.shippingAddress ? (
              <ShippingAddressText address={o.shippingAddress} className="text-stone-700" />
            ) : (
              <p className="text-stone-600">
                <Trans>No delivery address recorded.</Trans>
              </p>
            )}
          </Section>
          <Section id="payment-title" title={t`Payment`}>
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-stone-600">
                  <Trans>Method</Trans>
                </dt>
                <dd className="font-medium">{paymentMethodName(o.paymentMethod)}</dd>
              </div>
              {o.paymentPhone && (
                <div className="flex justify-between gap-3">
                  <dt className="text-stone-600">
                    <Trans>Phone</Trans>
                  </dt>
                  <dd className="font-medium">{o.paymentPhone}</dd>
                </div>
              )}
              {o.paymentStatus && (
                <div className="flex items-center justify-between gap-3">
                  <dt className="text-stone-600">
                    <Trans>Status</Trans>
                  </dt>
                  <dd>
                    <PaymentStatusBadge status={o.paymentStatus} />
                  </dd>
                </div>
              )}
            </dl>
          </Section>
          <Section id="status-title" title={t`Order status`}>
            <StatusTimeline history={o.statusHistory ?? []} label={t`Order status history`} />
          </Section>
        </div>
      </div>
    </div>
  );
}
