/**
 * Returns as the screens read them: which units of an order can still be
 * sent back, whether a return can be asked for now, the steps an admin may take, and who set
 * a status. The server decides; these only choose what to offer.
 */
import type { Order, OrderReturn, ReturnStatus, StatusChange, UpdateReturnRequest } from './types';

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const satisfies readonly ReturnStatus[];

/** The longest reason the server takes. */
export const RETURN_REASON_MAX = 1000;

/** Payment statuses of an order whose units can be returned (money was taken and not all given back). */
const RETURNABLE_PAYMENTS: readonly string[] = ['paid', 'partiallyRefunded'];

/**
 * The units of each line (by its `_id`) that no return holds yet: bought, less what returns
 * that were not rejected take.
 */
export function unitsLeft(order: Pick<Order, 'products'>, returns: readonly OrderReturn[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const ret of returns) {
    if (ret.status === 'rejected') continue;
    for (const line of ret.lines) taken.set(line.lineId, (taken.get(line.lineId) ?? 0) + line.quantity);
  }
  const left = new Map<string, number>();
  for (const line of order.products) {
    if (line._id) left.set(line._id, Math.max(0, line.quantity - (taken.get(line._id) ?? 0)));
  }
  return left;
}

/** Delivered, paid (or partly refunded), within its return window at `now`. */
export function withinReturnWindow(order: Pick<Order, 'status' | 'paymentStatus' | 'returnableUntil'>, now: Date = new Date()): boolean {
  if (order.status !== 'delivered' || !RETURNABLE_PAYMENTS.includes(order.paymentStatus ?? '') || !order.returnableUntil) return false;
  const until = new Date(order.returnableUntil).getTime();
  return !Number.isNaN(until) && now.getTime() <= until;
}

/** Whether the shopper may ask for a return now: within the window, with some units left. */
export function canRequestReturn(order: Order, returns: readonly OrderReturn[], now: Date = new Date()): boolean {
  if (!withinReturnWindow(order, now)) return false;
  return [...unitsLeft(order, returns).values()].some((n) => n > 0);
}

/** The statuses an admin may move a return to from `status`. */
export const RETURN_STEPS: Record<ReturnStatus, readonly UpdateReturnRequest['status'][]> = {
  requested: ['approved', 'rejected'],
  approved: ['received', 'rejected'],
  received: ['refunded'],
  rejected: [],
  refunded: [],
};

export const nextReturnSteps = (status: string): readonly UpdateReturnRequest['status'][] =>
  RETURN_STEPS[status as ReturnStatus] ?? [];

/**
 * Who set a status, as the back office shows it: the admin's name; without one, the customer
 * for the first status (placing the order, asking for the return), else the shop itself.
 */
export function changedBy(change: Pick<StatusChange, 'by'>, index: number): string {
  if (change.by) return change.by.name;
  return index === 0 ? 'Customer' : 'System';
}
