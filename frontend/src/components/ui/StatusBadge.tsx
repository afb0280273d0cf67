import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n, useLanguage } from '@/i18n';
import { capitalize } from '@/lib/format';
import type { Order } from '@/lib/types';

/** The words for the statuses of orders, payments and returns; an unknown status is shown capitalised. */
const STATUS_WORDS: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  canceled: msg`Canceled`,
  paymentDeclined: msg`Payment declined`,
  paymentNotConfirmed: msg`Payment not confirmed`,
  requested: msg`Requested`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  received: msg`Received`,
  refunded: msg`Refunded`,
};

/** A status as shown, in the language shown: 'shipped' is 'Shipped'. */
export function statusWord(status: string): string {
  const word = STATUS_WORDS[status];
  return word ? i18n._(word) : capitalize(status);
}

const ORDER_STATUS_STYLES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  shipped: 'bg-blue-100 text-blue-900 ring-blue-300',
  delivered: 'bg-green-100 text-green-900 ring-green-300',
  canceled: 'bg-red-100 text-red-900 ring-red-300',
  paymentDeclined: 'bg-red-100 text-red-900 ring-red-300',
  paymentNotConfirmed: 'bg-red-100 text-red-900 ring-red-300',
};

/**
 * An order's status as its shopper is told it: an order canceled because its payment failed,
 * no money having moved, says why: 'Payment declined' (the provider refused it), or 'Payment
 * not confirmed' when the shop stopped waiting for the provider's answer (`holdExpiredAt`). A
 * cash order is paid at the door, so its cancel stays 'Canceled'.
 */
export function shopperOrderStatus(
  order: Pick<Order, 'status' | 'paymentStatus' | 'paymentMethod' | 'holdExpiredAt' | 'refundedAmount'>,
): string {
  const unpaid = order.paymentStatus === 'failed' && !(order.refundedAmount && order.refundedAmount > 0);
  if (order.status !== 'canceled' || !unpaid || order.paymentMethod === 'cash-on-delivery') return order.status;
  return order.holdExpiredAt ? 'paymentNotConfirmed' : 'paymentDeclined';
}

const PAYMENT_STATUS_STYLES: Record<string, string> = {
  paid: 'bg-green-100 text-green-900 ring-green-300',
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  partiallyRefunded: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  refunded: 'bg-stone-100 text-stone-800 ring-stone-300',
};

/** 'Payment paid', 'Payment partially refunded' and so on. */
const PAYMENT_STATUS_WORDS: Record<string, MessageDescriptor> = {
  pending: msg`Payment pending`,
  paid: msg`Payment paid`,
  failed: msg`Payment failed`,
  partiallyRefunded: msg`Payment partially refunded`,
  refunded: msg`Payment refunded`,
};

const GREY = 'bg-stone-100 text-stone-800 ring-stone-300';

/** Order status: pending yellow, shipped blue, delivered green, canceled red, anything else grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  useLanguage();
  return (
    <span
      data-testid="order-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${ORDER_STATUS_STYLES[status] ?? GREY}`}
    >
      {statusWord(status)}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: string }) {
  const { i18n: shown } = useLingui();
  const word = PAYMENT_STATUS_WORDS[status];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${PAYMENT_STATUS_STYLES[status] ?? GREY}`}>
      {word ? shown._(word) : <Trans>Payment {status}</Trans>}
    </span>
  );
}

const RETURN_STATUS_STYLES: Record<string, string> = {
  requested: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  approved: 'bg-blue-100 text-blue-900 ring-blue-300',
  received: 'bg-violet-100 text-violet-900 ring-violet-300',
  refunded: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

/** A return's status: requested yellow, approved blue, received violet, refunded green, rejected red. */
export function ReturnStatusBadge({ status }: { status: string }) {
  useLanguage();
  return (
    <span
      data-testid="return-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${RETURN_STATUS_STYLES[status] ?? GREY}`}
    >
      {statusWord(status)}
    </span>
  );
}
