import type { Order } from './types';

/** Placed, not canceled, and the payment provider never confirmed the payment (e.g. an EVC Plus time-out). */
export const isAwaitingPayment = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.paymentStatus === 'pending' && order.status !== 'canceled';

/** How a payment method is named on screen ('evc-plus' is EVC Plus). */
export const paymentMethodName = (method: string | null | undefined): string =>
  method === 'evc-plus' ? 'EVC Plus' : method || 'Unknown';
