import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { Cart, Order, PaymentMethod, PaymentMethodId, PaymentRequest, ShippingAddress } from '@/lib/types';
import { paymentMethodName } from '@/payments/names';
import { useCardPage } from '@/payments/use-card-page';
import { useSession } from '@/stores/session';
import { useCheckout } from '../api/checkout';
import { checkoutErrorMessage } from '../checkout-error';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useIdempotencyKey } from './use-idempotency-key';

export const REDIRECT_DELAY_MS = 1500;

/** What an order is placed with: the method, the phone number, the cart, and the delivery address once it passes its checks. */
export interface OrderRequest {
  method: Pick<PaymentMethod, 'id' | 'kind'>;
  phone: string;
  cart: Cart;
  address: () => ShippingAddress | null;
}

/** A payment the provider refused (402), or the provider failing (502): what the server said, for the method and number it was asked with. */
export interface DeclinedPayment {
  text: string;
  method: PaymentMethodId;
  phone: string;
}

/** A refusal of the payment itself (the order canceled, the cart kept): declined (402) or the provider failing (502). */
const refusedPayment = (err: unknown): boolean => err instanceof ApiError && (err.status === 402 || err.status === 502);

/**
 * Placing the order, as the server answers it: 201, paid (a toast, then the success page after
 * REDIRECT_DELAY_MS); 202 with a `redirectUrl`, a card payment: the browser goes to the card
 * page (the server brings it back to the success page or to the order's page); 202 otherwise,
 * saved but the wallet payment not confirmed in time (`unconfirmed`); a failure is toasted and
 * `onRefused` shows its per-field messages. A declined payment is also kept (`declined`), for the
 * page to say until the shopper pays again or changes the method or the number.
 */
export function usePlaceOrder({ onRefused }: { onRefused: (err: unknown) => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const redirect = useDelayedNavigate(REDIRECT_DELAY_MS);
  const idempotency = useIdempotencyKey();
  const [placed, setPlaced] = useState(false);
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  // Set when the wallet did not confirm the payment in time (202): the order is saved, unpaid.
  const [unconfirmed, setUnconfirmed] = useState<{ order: Order | null } | null>(null);
  // Set while the browser leaves for the card page.
  const { toCardPage, open: openCardPage } = useCardPage();
  // The method and number of the request under way, and the last payment refused.
  const asked = useRef<{ method: PaymentMethodId; phone: string } | null>(null);
  const [declined, setDeclined] = useState<DeclinedPayment | null>(null);

  const checkout = useCheckout({
    onSuccess: ({ status, reply }) => {
      if (status === 202 && reply.redirectUrl) {
        openCardPage(reply.redirectUrl);
        return;
      }
      if (status === 202) {
        setUnconfirmed({ order: reply.order ?? null });
        return;
      }
      setPlaced(true);
      toast.success(t`Order placed successfully! Redirecting...`);
      redirect('/order-success', { state: { order: reply.order ?? null } });
    },
    onError: (err) => {
      onRefused(err);
      if (refusedPayment(err) && asked.current) setDeclined({ text: checkoutErrorMessage(err), ...asked.current });
      toast.error(checkoutErrorMessage(err));
      idempotency.afterError(err);
    },
  });
  const busy = checkout.isPending || toCardPage;

  /** The checks before the request, in this order, each stopping it with its toast or messages. */
  const place = ({ method, phone, cart, address }: OrderRequest) => {
    if (busy || placed) return;
    if (!useSession.getState().token) {
      toast.error(t`Please log in to place an order`);
      navigate('/login');
      return;
    }
    if (!phone) {
      toast.error(t`Please enter a phone number`);
      return;
    }
    if (cart.products.length === 0) {
      toast.error(t`Your cart is empty`);
      navigate('/cart');
      return;
    }
    const shippingAddress = address();
    if (!shippingAddress) return;
    setDeclined(null);
    asked.current = { method: method.id, phone };
    setPayment({ phone, amount: formatPrice(cart.total), wallet: method.kind === 'wallet' ? paymentMethodName(method.id) : null });
    checkout.mutate({
      body: { paymentMethod: method.id, paymentPhone: phone, shippingAddress },
      idempotencyKey: idempotency.key,
    });
  };

  return {
    place,
    busy,
    placed,
    unconfirmed,
    payment,
    /** The last payment refused, until the next is asked for. */
    declined,
    /** The wallet payment being waited for while the request runs (a card is paid on its own page). */
    waitingFor: checkout.isPending && payment?.wallet ? payment : null,
    toCardPage,
  };
}
