/**
 * The end of a checkout whose wallet payment (EVC Plus, ZAAD, SAHAL, eDahab) was not confirmed
 * in time (the server's 202): the order is saved and holds its items while the shop waits for
 * the wallet; a payment that never arrives cancels it and puts its items back on sale
 * (docs/api.md, "Unconfirmed payments"). There is no call to charge a saved order again, so none
 * is offered: the order is confirmed when the wallet (or the shop, by hand) confirms the payment.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PhoneIcon } from '@/components/ui/icons';
import { btn } from '@/components/ui/styles';
import { formatPrice, orderNumber } from '@/lib/format';
import type { Order, Settings } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { paymentMethodName } from '@/payments/names';

export function PaymentNotConfirmed({
  order,
  wallet: asked,
  phone,
  amount,
  settings,
}: {
  /** The saved order, as the server's reply carries it (null if the reply had none). */
  order: Order | null;
  /** The name of the wallet the payment was asked from (the order's, when there is one, wins). */
  wallet: string;
  /** The wallet's number as the shopper entered it. */
  phone: string;
  /** The total the shopper was asked to pay, formatted. */
  amount: string;
  settings?: Settings;
}) {
  const { t } = useLingui();
  usePageTitle(t`Payment not confirmed yet`);
  const heading = useRef<HTMLHeadingElement>(null);
  // The whole page changed: the heading takes the focus so a screen reader starts there.
  useEffect(() => heading.current?.focus(), []);

  const wallet = order ? paymentMethodName(order.paymentMethod) : asked;
  const number = order ? orderNumber(order) : null;
  const total = order ? formatPrice(order.totalAmount) : amount;
  const supportPhone = settings?.supportPhone;
  const supportEmail = settings?.supportEmail;
  const contactUs = (
    <Link to="/contact" className="font-semibold text-brand-700 underline hover:no-underline">
      <Trans>contact us</Trans>
    </Link>
  );

  return (
    <div className="mx-auto max-w-xl px-4 py-12" data-testid="payment-not-confirmed">
      <div className="text-center">
        <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <PhoneIcon size={32} />
        </span>
        <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight focus:outline-none">
          <Trans>Payment not confirmed yet</Trans>
        </h1>
        <p className="mt-3 text-stone-700">
          {number
            ? t`Your order ${number} is saved, but ${wallet} has not confirmed your payment of ${total} yet.`
            : t`Your order is saved, but ${wallet} has not confirmed your payment of ${total} yet.`}
        </p>
      </div>

      <dl className="mx-auto mt-6 max-w-sm space-y-2 rounded-2xl bg-white p-5 text-sm ring-1 ring-stone-200" data-testid="unconfirmed-order">
        {number && (
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">
              <Trans>Order</Trans>
            </dt>
            <dd className="font-mono">{number}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">
            <Trans>Amount</Trans>
          </dt>
          <dd className="font-semibold">{total}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t`${wallet} number`}</dt>
          <dd>{phone}</dd>
        </div>
      </dl>

      <section aria-labelledby="next-steps" className="mt-6 rounded-2xl bg-amber-50 p-5 text-sm text-amber-950 ring-1 ring-amber-200">
        <h2 id="next-steps" className="text-base font-bold">
          <Trans>What happens next</Trans>
        </h2>
        <ul className="mt-2 list-disc space-y-2 pl-5" data-testid="next-steps">
          <li>
            <Trans>
              If you approved the payment on your phone, there is nothing more to do: we confirm your order as soon
              as {wallet} does.
            </Trans>
          </li>
          <li>
            <Trans>Until then your items are reserved for this order, so there is no need to order them again.</Trans>
          </li>
          <li>
            <Trans>If the payment does not arrive, the order is canceled automatically and its items go back on sale.</Trans>
          </li>
          <li>
            {supportPhone && supportEmail ? (
              number ? (
                <Trans>
                  If {wallet} took the money but your order stays unconfirmed, {contactUs} at {supportPhone} or{' '}
                  {supportEmail} with your order number.
                </Trans>
              ) : (
                <Trans>
                  If {wallet} took the money but your order stays unconfirmed, {contactUs} at {supportPhone} or{' '}
                  {supportEmail} with your {wallet} number.
                </Trans>
              )
            ) : number ? (
              <Trans>If {wallet} took the money but your order stays unconfirmed, {contactUs} with your order number.</Trans>
            ) : (
              <Trans>
                If {wallet} took the money but your order stays unconfirmed, {contactUs} with your {wallet} number.
              </Trans>
            )}
          </li>
        </ul>
      </section>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {order ? (
          <Link to={`/orders/${encodeURIComponent(order._id)}`} className={btn.primary}>
            <Trans>View order</Trans>
          </Link>
        ) : null}
        <Link to="/profile?tab=orders" className={order ? btn.secondary : btn.primary}>
          <Trans>View my orders</Trans>
        </Link>
        <Link to="/" className={btn.secondary}>
          <Trans>Continue Shopping</Trans>
        </Link>
      </div>
    </div>
  );
}
