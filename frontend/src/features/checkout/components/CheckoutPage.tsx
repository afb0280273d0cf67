import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { CheckCircleIcon, LockIcon, TruckIcon } from '@/components/ui/icons';
import { LineVariant } from '@/components/ui/LineVariant';
import { ProductImage } from '@/components/ui/ProductImage';
import { PageLoading } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import type { Order, ShippingAddress } from '@/lib/types';
import { cartLineKey, cartLineRef } from '@/lib/variants';
import { compact, hasErrors, type FieldErrors } from '@/lib/validation';
import { useSession } from '@/stores/session';
import { EMPTY_CART, useCart } from '@/lib/api/cart';
import { CartSummary } from '@/components/cart/CartSummary';
import { DiscountCodeField } from '@/components/cart/DiscountCodeField';
import { useSettings } from '@/lib/api/settings';
import { usePageTitle } from '@/lib/use-page-title';
import { useCheckout } from '../api/checkout';
import { PaymentNotConfirmed } from './PaymentNotConfirmed';
import { PaymentWaiting, paymentTimeoutOf } from './PaymentWaiting';

export const REDIRECT_DELAY_MS = 1500;

type AddressField = keyof ShippingAddress;

/** The payment asked for: the EVC Plus number as entered and the amount, as the shopper saw them. */
interface PaymentRequest {
  phone: string;
  amount: string;
}

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function validateAddress(a: ShippingAddress): FieldErrors<AddressField> {
  return compact<AddressField>({
    fullName: a.fullName.trim() ? undefined : t`Full name is required`,
    phone: a.phone.trim() ? undefined : t`Phone number is required`,
    city: a.city.trim() ? undefined : t`City is required`,
    district: a.district.trim() ? undefined : t`District is required`,
    addressLine: a.addressLine.trim() ? undefined : t`Address is required`,
  });
}

/** The toast for a failed checkout. */
export function checkoutErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return t`Checkout error`;
  if (err.isNetworkError) return t`Network error. Please try again.`;
  if (err.serverMessage) return err.serverMessage;
  if (err.status >= 500) return t`Failed to place order`;
  return t`Payment failed`;
}

/** Whether a retry may repeat the same request (and must reuse its idempotency key). */
function mayStillBeProcessing(err: unknown): boolean {
  return err instanceof ApiError && (err.isNetworkError || err.status >= 500);
}

function SandboxNotice() {
  return (
    <div role="note" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-bold">
        <Trans>Sandbox payments</Trans>
      </p>
      <p className="mt-1">
        <Trans>
          This shop is in sandbox mode: no real money is charged. Any valid Somali number is approved; 252610000001 and
          252610000002 are declined, 252610000003 times out and 252610000004 fails at the provider.
        </Trans>
      </p>
    </div>
  );
}

export function CheckoutPage() {
  const { t } = useLingui();
  usePageTitle(t`Checkout`);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const cart = useCart();
  const settings = useSettings();
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState<ShippingAddress>({
    fullName: user?.name ?? '',
    phone: user?.phone ?? '',
    city: '',
    district: '',
    addressLine: '',
  });
  const [addressErrors, setAddressErrors] = useState<FieldErrors<AddressField>>({});
  const [phoneError, setPhoneError] = useState<string | undefined>(undefined);
  const [placed, setPlaced] = useState(false);
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  // Set when EVC Plus did not confirm the payment in time (202): the order is saved, unpaid.
  const [unconfirmed, setUnconfirmed] = useState<{ order: Order | null } | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // A cart that cannot be fetched: a network failure is shown, other failures only logged.
  const cartFailed = cart.isError;
  useEffect(() => {
    if (!cartFailed) return;
    if (cart.error instanceof ApiError && !cart.error.isNetworkError) {
      console.error('Checkout: cart fetch failed', cart.error);
    } else {
      toast.error(t`Failed to load cart data`, { toastId: 'checkout-cart' });
    }
  }, [cartFailed, cart.error, t]);

  const checkout = useCheckout({
    onSuccess: ({ status, reply }) => {
      if (status === 202) {
        setUnconfirmed({ order: reply.order ?? null });
        return;
      }
      setPlaced(true);
      toast.success(t`Order placed successfully! Redirecting...`);
      redirectTimer.current = setTimeout(
        () => navigate('/order-success', { state: { order: reply.order ?? null } }),
        REDIRECT_DELAY_MS,
      );
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        const { paymentPhone, ...rest } = err.fieldErrors;
        if (paymentPhone) setPhoneError(paymentPhone);
        const known: AddressField[] = ['fullName', 'phone', 'city', 'district', 'addressLine'];
        setAddressErrors(compact<AddressField>(Object.fromEntries(known.map((k) => [k, rest[k]]))));
      }
      toast.error(checkoutErrorMessage(err));
      if (!mayStillBeProcessing(err)) idempotencyKey.current = newIdempotencyKey();
    },
  });

  if (unconfirmed) {
    return (
      <PaymentNotConfirmed
        order={unconfirmed.order}
        phone={payment?.phone ?? ''}
        amount={payment?.amount ?? ''}
        settings={settings.data}
      />
    );
  }

  if (cart.isPending && !cartFailed) return <PageLoading text={t`Loading checkout...`} />;

  const data = cartFailed ? EMPTY_CART : (cart.data ?? EMPTY_CART);
  const busy = checkout.isPending;

  const updateAddress = (field: AddressField) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setAddress((a) => ({ ...a, [field]: value }));
    if (addressErrors[field]) setAddressErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || placed) return;
    if (!useSession.getState().token) {
      toast.error(t`Please log in to place an order`);
      navigate('/login');
      return;
    }
    if (!phone.trim()) {
      toast.error(t`Please enter a phone number`);
      return;
    }
    if (data.products.length === 0) {
      toast.error(t`Your cart is empty`);
      navigate('/cart');
      return;
    }
    const found = validateAddress(address);
    setAddressErrors(found);
    if (hasErrors(found)) return;
    const shippingAddress: ShippingAddress = {
      fullName: address.fullName.trim(),
      phone: address.phone.trim(),
      city: address.city.trim(),
      district: address.district.trim(),
      addressLine: address.addressLine.trim(),
    };
    setPayment({ phone: phone.trim(), amount: formatPrice(data.total) });
    checkout.mutate({
      body: { paymentMethod: 'evc-plus', paymentPhone: phone.trim(), shippingAddress },
      idempotencyKey: idempotencyKey.current,
    });
  };

  if (placed) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center" role="status">
        <CheckCircleIcon size={56} className="text-emerald-600" />
        <p className="text-xl font-semibold">
          <Trans>Order placed successfully! Redirecting...</Trans>
        </p>
      </div>
    );
  }

  const total = formatPrice(data.total);
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
          {settings.data?.sandboxPayments && <SandboxNotice />}

          <fieldset className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
            <legend className="sr-only">
              <Trans>Delivery address</Trans>
            </legend>
            <h2 className="mb-4 text-lg font-bold" aria-hidden="true">
              <Trans>Delivery address</Trans>
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t`Full Name`}
                name="fullName"
                autoComplete="name"
                value={address.fullName}
                onChange={updateAddress('fullName')}
                error={addressErrors.fullName}
              />
              <TextField
                label={t`Contact Phone`}
                name="deliveryPhone"
                type="tel"
                autoComplete="tel"
                value={address.phone}
                onChange={updateAddress('phone')}
                error={addressErrors.phone}
              />
              <TextField
                label={t`City`}
                name="city"
                autoComplete="address-level2"
                value={address.city}
                onChange={updateAddress('city')}
                error={addressErrors.city}
              />
              <TextField
                label={t`District`}
                name="district"
                autoComplete="address-level3"
                value={address.district}
                onChange={updateAddress('district')}
                error={addressErrors.district}
              />
              <TextField
                className="sm:col-span-2"
                label={t`Address Line`}
                name="addressLine"
                autoComplete="street-address"
                placeholder={t`Street, building, landmark`}
                value={address.addressLine}
                onChange={updateAddress('addressLine')}
                error={addressErrors.addressLine}
              />
            </div>
          </fieldset>

          <fieldset className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
            <legend className="sr-only">
              <Trans>Payment</Trans>
            </legend>
            <h2 className="mb-4 text-lg font-bold" aria-hidden="true">
              <Trans>Payment</Trans>
            </h2>
            <TextField
              label={t`EVC Plus Phone Number`}
              name="paymentPhone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="61 234 5678"
              hint={t`Enter your EVC Plus phone number for payment processing`}
              value={phone}
              error={phoneError}
              onChange={(e) => {
                setPhone(e.target.value);
                setPhoneError(undefined);
              }}
            />
            <button type="submit" className={`${btn.primary} mt-5 w-full py-3 text-base`} disabled={busy || !phone.trim()}>
              {busy ? t`Processing Payment...` : t`Pay ${total} with EVC Plus`}
            </button>
            {!(busy && payment) && (
              <p className="mt-3 text-center text-xs text-stone-600">
                <Trans>You will be asked to confirm the payment on your phone.</Trans>
              </p>
            )}
            {/* Always present and never display:none, so that what is put into it is announced; only
                the changed text is read (a status region is otherwise atomic and re-read whole). */}
            <div role="status" aria-live="polite" aria-atomic="false">
              {busy && payment && (
                <PaymentWaiting
                  phone={payment.phone}
                  amount={payment.amount}
                  timeoutSecs={paymentTimeoutOf(settings.data?.paymentTimeoutSecs)}
                />
              )}
            </div>
          </fieldset>

          <Link to="/cart" className="inline-block font-semibold text-brand-700 hover:underline">
            ← <Trans>Back to Cart</Trans>
          </Link>
        </form>

        <aside className="h-fit space-y-6 rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6 lg:sticky lg:top-28">
          <h2 className="text-lg font-bold">
            <Trans>Order Summary</Trans>
          </h2>
          {data.products.length === 0 ? (
            <p className="text-stone-600">
              <Trans>Your cart is empty</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {data.products.map((line) => (
                <li key={cartLineKey(cartLineRef(line))} className="flex gap-3 py-3">
                  <ProductImage
                    path={line.productId.thumbnail || line.productId.image}
                    alt=""
                    width={56}
                    height={70}
                    className="h-[70px] w-14 rounded-lg"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm font-medium">{line.productId.name}</p>
                    <LineVariant variant={line.variant} />
                    <p className="text-sm text-stone-600">
                      <Trans>Qty: {{ quantity: line.quantity }}</Trans>
                    </p>
                  </div>
                  <p className="text-sm font-semibold">{formatPrice(line.lineTotal)}</p>
                </li>
              ))}
            </ul>
          )}
          {data.products.length > 0 && <DiscountCodeField cart={data} className="border-t border-stone-200 pt-4" />}
          <CartSummary cart={data} className="border-t border-stone-200 pt-4" />
          <div className="space-y-2 rounded-xl bg-stone-50 p-4 text-sm text-stone-700">
            <p className="flex items-center gap-2 font-semibold text-stone-900">
              <TruckIcon size={18} /> <Trans>Delivery</Trans>
            </p>
            <p>
              <Trans>Standard delivery: 2-3 business days</Trans>
            </p>
            <p>
              <Trans>Express delivery: Next business day</Trans>
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
