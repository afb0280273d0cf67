import type { CheckoutReply, PaymentMethod } from '@/lib/types';

/**
 * A payment asked for (a checkout, a phone order's payment request, a payment link), as the
 * server answers it: 201 paid; 202 waiting for the payer (on their phone, or on the card page at
 * the reply's `redirectUrl`), or kept unpaid.
 */
export interface PaymentReply<T = CheckoutReply> {
  status: number;
  reply: T;
}

/**
 * A way to pay as a payment form offers it: what the form needs of the server's description, so
 * a method offered without that list (it could not be had) needs no provider or refund facts.
 */
export type OfferedMethod = Pick<PaymentMethod, 'id' | 'name' | 'kind' | 'available' | 'prefixes'>;
