/** The admin order list's filters and sort (SPEC.md sections 2 and 9), in the browser. */
import { isAwaitingPayment } from '@/lib/order';
import type { Order } from '@/lib/types';

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'canceled'] as const;
export type DateRange = 'all' | 'today' | 'yesterday' | 'week' | 'month';
export type OrderSortKey = 'date' | 'total' | 'status';

export interface OrderFilters {
  q: string;
  status: 'all' | string;
  date: DateRange;
  sortBy: OrderSortKey;
  dir: 'asc' | 'desc';
  /**
   * 'awaiting': only orders whose payment the provider never confirmed; 'holdExpired': only
   * orders canceled because that lasted past the hold (the provider may still have the money).
   */
  payment: 'all' | 'awaiting' | 'holdExpired';
}

export const defaultOrderFilters: OrderFilters = { q: '', status: 'all', date: 'all', sortBy: 'date', dir: 'desc', payment: 'all' };

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'All time',
  today: 'Today',
  yesterday: 'Yesterday',
  week: 'Last 7 days',
  month: 'Last 30 days',
};

/** [from, to) of a date range in local time; today starts at midnight, the last 30 days go one month back. */
export function dateBounds(range: DateRange, now: Date): [Date, Date] | null {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  switch (range) {
    case 'today':
      return [midnight, new Date(8.64e15)];
    case 'yesterday':
      return [new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1), midnight];
    case 'week':
      return [new Date(now.getTime() - 7 * 24 * 3600 * 1000), new Date(8.64e15)];
    case 'month': {
      const from = new Date(now);
      from.setMonth(from.getMonth() - 1);
      return [from, new Date(8.64e15)];
    }
    default:
      return null;
  }
}

const time = (o: Order) => new Date(o.createdAt).getTime() || 0;

export function filterOrders(orders: Order[], f: OrderFilters, now: Date = new Date()): Order[] {
  const q = f.q.trim().toLowerCase();
  const bounds = dateBounds(f.date, now);
  const out = orders.filter((o) => {
    if (q) {
      const hay = [o._id, o.userId?.name ?? '', o.userId?.email ?? ''].map((s) => s.toLowerCase());
      if (!hay.some((s) => s.includes(q))) return false;
    }
    if (f.status !== 'all' && o.status !== f.status) return false;
    if (f.payment === 'awaiting' && !isAwaitingPayment(o)) return false;
    if (f.payment === 'holdExpired' && !o.holdExpiredAt) return false;
    if (bounds) {
      const t = time(o);
      if (t < bounds[0].getTime() || t >= bounds[1].getTime()) return false;
    }
    return true;
  });
  const sign = f.dir === 'asc' ? 1 : -1;
  const cmp = (a: Order, b: Order) => {
    if (f.sortBy === 'total') return (a.totalAmount ?? 0) - (b.totalAmount ?? 0);
    if (f.sortBy === 'status') return String(a.status).localeCompare(String(b.status)) || time(a) - time(b);
    return time(a) - time(b);
  };
  return [...out].sort((a, b) => sign * cmp(a, b));
}
