import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import type { LinkedOrder, PaymentRequest } from '@/lib/types';
import { paymentMethodName } from '@/payments/names';
import type { OfferedMethod } from '@/payments/types';
import { useCardPage } from '@/payments/use-card-page';
import { linkSettled, usePayLink } from '../api/pay-link';

/** A message under the form: a refusal to try again after (`error`), or the server's word on a payment already under way (`info`). */
interface LinkNotice {
  tone: 'error' | 'info';
  text: string;
}

/** Where the link's page ends: paid, or the link no longer usable; the server's message (null when it sent none). */
export interface LinkEnding {
  message: string | null;
  paid: boolean;
}

/** What a refused payment says: the server's message (a decline, a payment under way, the provider failing) when it sent one. */
function refusalText(err: unknown): string {
  if (err instanceof ApiError && err.isNetworkError) return t`Network error. Please try again.`;
  return errorMessage(err, t`Payment failed`);
}

/**
 * Paying a link's order, as the server answers: 201, paid (`ending`); 202 with a `redirectUrl`,
 * the browser goes to the card page; 202 otherwise, the payer confirms on their phone: the
 * order says a payment is under way and is asked for again until it ends (`awaiting`, the
 * server's message); 410, the link's end; any other refusal is a notice under the form, after
 * `showFieldErrors` has put the messages about the fields under them (then no notice). A payment
 * under way that ends unpaid (declined on the phone, or never confirmed) gives the form back
 * with a notice; one that ends paid (the order asked again says so) leaves the page to show it paid.
 */
export function useLinkPayment(
  token: string,
  order: Pick<LinkedOrder, 'paying' | 'totalAmount' | 'paymentStatus' | 'state'>,
  showFieldErrors: (err: unknown) => boolean,
) {
  const card = useCardPage();
  const [ending, setEnding] = useState<LinkEnding | null>(null);
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [notice, setNotice] = useState<LinkNotice | null>(null);
  const [request, setRequest] = useState<PaymentRequest | null>(null);
  const [wasPaying, setWasPaying] = useState(order.paying);
  if (order.paying !== wasPaying) {
    setWasPaying(order.paying);
    if (!order.paying) {
      setAwaiting(null);
      // Paid meanwhile (the server now says so with the order), the page shows it paid; otherwise the form comes back.
      if (!linkSettled(order)) {
        setNotice({ tone: 'error', text: t`The payment was not completed. You can try again, another way or with another number.` });
      }
    }
  }

  const pay = usePayLink(token, {
    onSuccess: ({ status, reply }) => {
      if (status === 202 && reply.redirectUrl) card.open(reply.redirectUrl);
      else if (status === 202) setAwaiting(reply.message);
      else setEnding({ message: reply.message, paid: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 410) {
        setEnding({ message: err.serverMessage, paid: false });
        return;
      }
      if (showFieldErrors(err)) return;
      setNotice({ tone: err instanceof ApiError && err.status === 409 ? 'info' : 'error', text: refusalText(err) });
    },
  });
  const busy = pay.isPending || card.toCardPage;

  return {
    /** Pays with `method` from `phone`, unless a payment is already on its way. */
    submit: (method: OfferedMethod, phone: string) => {
      if (busy) return;
      setNotice(null);
      setRequest({ phone, amount: formatPrice(order.totalAmount), wallet: method.kind === 'wallet' ? paymentMethodName(method.id) : null });
      pay.mutate({ paymentMethod: method.id, paymentPhone: phone });
    },
    busy,
    ending,
    /** The server's message about the payment this page started and now waits for. */
    awaiting,
    notice,
    /** The wallet payment asked for, while its request runs. */
    waitingFor: pay.isPending && request?.wallet ? request : null,
    toCardPage: card.toCardPage,
  };
}

export type LinkPaymentState = ReturnType<typeof useLinkPayment>;
