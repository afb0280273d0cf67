import type { Order } from './types';

/** Placed, not canceled, and the payment provider never confirmed the payment (e.g. an EVC Plus time-out). */
export const isAwaitingPayment = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.paymentStatus === 'pending' && order.status !== 'canceled';
