import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LockIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { useDeliveryZones } from '@/lib/api/delivery';
import { useSettings } from '@/lib/api/settings';
import { paymentTimeoutOf } from '@/lib/countdown';
import { offeredCities } from '@/lib/delivery-places';
import { formatPrice } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { PaymentFieldset } from '@/payments/components/PaymentFieldset';
import { SandboxNotice } from '@/payments/components/SandboxNotice';
import { paymentMethodName } from '@/payments/names';
import { refusedAsConflict } from '../checkout-error';
import { useAddressForm } from '../hooks/use-address-form';
import { useCheckoutCart } from '../hooks/use-checkout-cart';
import { usePaymentForm } from '../hooks/use-payment-form';
import { usePlaceOrder } from '../hooks/use-place-order';
import { AddressFieldset } from './AddressFieldset';
import { CardPaymentStillOpen } from './CardPaymentStillOpen';
import { CheckoutSummary } from './CheckoutSummary';
import { OrderPlaced } from './OrderPlaced';
import { PaymentNotConfirmed } from './PaymentNotConfirmed';

/**
 * /checkout: the delivery address and the payment (a wallet or a card) beside the order summary,
 * until the server answers. Once the place is chosen from the shop's delivery zones, the summary
 * and the Pay button show the cart priced for it (the zone's fee), with the delivery time.
 */
export function CheckoutPage() {
  const { t } = useLingui();
  usePageTitle(t`Checkout`);
  const settings = useSettings();
  // A shop without zones (or whose zones cannot be had) takes a typed city and district: the server checks them.
  const zones = useDeliveryZones();
  const address = useAddressForm(offeredCities(zones.data ?? []));
  const cart = useCheckoutCart(address.place);
  // Cash on delivery is the priced cart's to allow: only once a place is chosen, as its zone and the total allow.
  const delivery = address.place ? cart.data.delivery : null;
  const payment = usePaymentForm({
    allowed: Boolean(delivery?.cashOnDelivery) && !cart.pricing,
    reason: delivery?.cashOnDeliveryRefusal ?? null,
  });
  // Set by a 409: the shopper's latest order may still have its card payment open.
  const [conflict, setConflict] = useState(false);
  const order = usePlaceOrder({
    onRefused: (err) => {
      address.showServerErrors(err);
      payment.showServerErrors(err);
      setConflict(refusedAsConflict(err));
    },
  });

  if (order.unconfirmed) {
    return (
      <PaymentNotConfirmed
        order={order.unconfirmed.order}
        wallet={order.payment?.wallet ?? paymentMethodName(payment.method.id)}
        phone={order.payment?.phone ?? ''}
        amount={order.payment?.amount ?? ''}
        settings={settings.data}
      />
    );
  }
  if (cart.isPending || payment.isPending || zones.isPending) return <PageLoading text={t`Loading checkout...`} />;
  if (order.placed) return <OrderPlaced />;
  if (cart.failed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>Checkout</Trans>
        </h1>
        <RetryAlert onRetry={cart.retry}>
          <Trans>Failed to load cart data</Trans>
        </RetryAlert>
      </div>
    );
  }
  // A declined payment stays said until the shopper pays again or changes the method or the number.
  const declined = order.declined;
  const stillDeclined = declined !== null && declined.method === payment.method.id && declined.phone === payment.phone;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    order.place({ method: payment.method, phone: payment.phone, cart: cart.data, address: address.check });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>Checkout</Trans>
        </h1>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
          <LockIcon size={16} /> <Trans>Secure Checkout</Trans>
        </span>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]">
        <form onSubmit={submit} noValidate className="space-y-6" aria-label={t`Checkout`}>
          {settings.data?.sandboxPayments && <SandboxNotice offered={payment.offered} />}
          <AddressFieldset address={address} placeErrors={cart.placeErrors} />
          <PaymentFieldset
            payment={payment}
            total={formatPrice(cart.data.total)}
            busy={order.busy}
            pricing={cart.pricing}
            waitingFor={order.waitingFor}
            toCardPage={order.toCardPage}
            timeoutSecs={paymentTimeoutOf(settings.data?.paymentTimeoutSecs)}
          />
          {stillDeclined && (
            <div role="alert" data-testid="payment-declined" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">
                <Trans>Your payment did not go through</Trans>
              </p>
              <p className="mt-1 text-sm">{declined.text}</p>
              <p className="mt-1 text-sm">
                <Trans>Nothing was charged. Check the number or choose another way to pay, then press Pay again.</Trans>
              </p>
            </div>
          )}
          {conflict && <CardPaymentStillOpen />}
          <Link to="/cart" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline">
            ← <Trans>Back to Cart</Trans>
          </Link>
        </form>
        <CheckoutSummary cart={cart.data} zoned={address.cities.length > 0} pricing={cart.pricing} />
      </div>
    </div>
  );
}
