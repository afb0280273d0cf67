import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { Cart, Order, ShippingAddress } from '@/lib/types';
import { useSession } from '@/stores/session';
import { useCheckout } from '../api/checkout';
import { checkoutErrorMessage } from '../checkout-error';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useIdempotencyKey } from './use-idempotency-key';

export const REDIRECT_DELAY_MS = 1500;

/** The payment asked for: the EVC Plus number as entered and the amount, as the shopper saw them. */
export interface PaymentRequest {
  phone: string;
  amount: string;
}

/** What an order is placed with: the EVC Plus number, the cart, and the delivery address once it passes its checks. */
export interface OrderRequest {
  phone: string;
  cart: Cart;
  address: () => ShippingAddress | null;
}

/**
 * Placing the order, as the server answers it: 201, paid (a toast, then the success page after
 * REDIRECT_DELAY_MS); 202, saved but the payment not confirmed in time (`unconfirmed`); a
 * failure is toasted and `onRefused` shows its per-field messages.
 */
export function usePlaceOrder({ onRefused }: { onRefused: (err: unknown) => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const redirect = useDelayedNavigate(REDIRECT_DELAY_MS);
  const idempotency = useIdempotencyKey();
  const [placed, setPlaced] = useState(false);
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  // Set when EVC Plus did not confirm the payment in time (202): the order is saved, unpaid.
  const [unconfirmed, setUnconfirmed] = useState<{ order: Order | null } | null>(null);

  const checkout = useCheckout({
    onSuccess: ({ status, reply }) => {
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
      toast.error(checkoutErrorMessage(err));
      idempotency.afterError(err);
    },
  });
  const busy = checkout.isPending;

  /** The checks before the request, in this order, each stopping it with its toast or messages. */
  const place = ({ phone, cart, address }: OrderRequest) => {
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
    setPayment({ phone, amount: formatPrice(cart.total) });
    checkout.mutate({
      body: { paymentMethod: 'evc-plus', paymentPhone: phone, shippingAddress },
      idempotencyKey: idempotency.key,
    });
  };

  return {
    place,
    busy,
    placed,
    unconfirmed,
    payment,
    /** The payment being waited for while the request runs. */
    waitingFor: busy ? payment : null,
  };
}
