/**
 * The shopper pays their own order taken by phone (`paymentAwaits` 'customer'): POST
 * /api/orders/{id}/pay-link (the order's owner) answers 201 with a payment link (`url`, its
 * `expiresAt`), whose page (/pay/:token) is this app's; 409 `{message}` when it cannot be paid
 * now (e.g. a payment of it is under way).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import type { MyPaymentLink } from '@/lib/types';

export const createMyPaymentLink = (orderId: string) =>
  api.post<MyPaymentLink>(`/orders/${encodeURIComponent(orderId)}/pay-link`);

/** The path of a link's page in this app: '/pay/<token>' of 'https://shop.example/pay/<token>'. */
export function payLinkPath(url: string): string {
  const link = new URL(url, window.location.origin);
  return `${link.pathname}${link.search}`;
}

export function useCreateMyPaymentLink(options: MutationOptions<MyPaymentLink, string> = {}) {
  return useMutation({ mutationFn: createMyPaymentLink, onSuccess: options.onSuccess, onError: options.onError });
}
