import { capitalize } from '@/lib/format';

const ORDER_STATUS_STYLES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  shipped: 'bg-blue-100 text-blue-900 ring-blue-300',
  delivered: 'bg-green-100 text-green-900 ring-green-300',
  canceled: 'bg-red-100 text-red-900 ring-red-300',
};

const PAYMENT_STATUS_STYLES: Record<string, string> = {
  paid: 'bg-green-100 text-green-900 ring-green-300',
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  partiallyRefunded: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  refunded: 'bg-stone-100 text-stone-800 ring-stone-300',
};

/** Payment statuses whose API name is not the word shown. */
const PAYMENT_STATUS_WORDS: Record<string, string> = { partiallyRefunded: 'partially refunded' };

const GREY = 'bg-stone-100 text-stone-800 ring-stone-300';

/** Order status: pending yellow, shipped blue, delivered green, canceled red, anything else grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${ORDER_STATUS_STYLES[status] ?? GREY}`}
    >
      {capitalize(status)}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${PAYMENT_STATUS_STYLES[status] ?? GREY}`}>
      Payment {PAYMENT_STATUS_WORDS[status] ?? status}
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
  return (
    <span
      data-testid="return-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${RETURN_STATUS_STYLES[status] ?? GREY}`}
    >
      {capitalize(status)}
    </span>
  );
}
