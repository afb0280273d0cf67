import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { LinkedOrder } from '@/lib/types';
import { paidWith } from '@/payments/paid';
import { linkSettled } from '../api/pay-link';
import { useLinkPayment, type LinkEnding } from '../hooks/use-link-payment';
import { useLinkPaymentForm } from '../hooks/use-link-payment-form';
import { LinkedOrderSummary } from './LinkedOrderSummary';
import { LinkEnd, ToTheShop } from './LinkEnd';
import { LinkExpiry } from './LinkExpiry';
import { PaymentUnderWay } from './PaymentUnderWay';
import { PayLinkForm } from './PayLinkForm';

/**
 * A payment link's order and its payment: the order number, the time left, the order (lines,
 * amounts, delivery) and the payment form; while a payment is under way, the waiting instead of
 * the form. Once paid (here, or before: the link reloaded), the confirmation with how it is paid
 * and the order's status, then the order itself; once the server says the link has ended
 * (`ended`: canceled, past its time), its message alone. What the payment comes to is said in a
 * status region that stays in place, so it is announced; when it ends while the page is open
 * (the payer just paid, or waited), the page scrolls to it and moves the focus there: on a phone
 * the form the payer used is far below where the confirmation is drawn.
 */
export function PayLinkOrder({
  token,
  order,
  ended,
  onExpired,
}: {
  token: string;
  order: LinkedOrder;
  /** The server's answer that the link has ended (410) while the page was open. */
  ended: LinkEnding | null;
  /** The link's time has run out: the page asks the server again. */
  onExpired: () => void;
}) {
  const { t } = useLingui();
  const form = useLinkPaymentForm(order);
  const payment = useLinkPayment(token, order, form.showServerErrors);
  const settled = linkSettled(order);
  const ending = payment.ending ?? ended;
  const paid = ending ? ending.paid : settled;
  const done = Boolean(ending) || settled;
  const waiting = !done && order.paying;
  // The order number as the shop's messages name it, e.g. '#5f2c9a1e' (the order page's heading says its own the same way).
  const short = order.orderNumber;

  const confirmation = useRef<HTMLHeadingElement>(null);
  const [doneWhenOpened] = useState(done);
  useEffect(() => {
    if (!done || doneWhenOpened) return;
    const heading = confirmation.current;
    heading?.scrollIntoView?.({ block: 'center' });
    heading?.focus({ preventScroll: true });
  }, [done, doneWhenOpened]);

  // Settled is paid, or cash to be paid to the rider; a payment that just ended here paid it.
  const moneyReceived = !settled || order.paid;
  const paidMessage = settled && !order.paid ? t`This order is paid in cash when it is delivered.` : t`This order is paid. Thank you!`;
  return (
    <div className={`mx-auto px-4 py-8 ${done ? 'max-w-xl' : 'max-w-6xl'}`}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t`Order ${short}`}</h1>
      {!done && <LinkExpiry key={order.expiresAt} expiresAt={order.expiresAt} onEnd={onExpired} />}
      <div className={`mt-6 ${done ? 'space-y-6' : 'grid gap-6 lg:grid-cols-[1fr_380px] lg:items-start'}`}>
        {!done && <LinkedOrderSummary order={order} />}
        <div className={done ? 'space-y-4' : 'space-y-4 lg:sticky lg:top-28'}>
          <div role="status" aria-live="polite" aria-atomic="false">
            {done ? (
              <LinkEnd
                message={ending ? ending.message : paidMessage}
                paid={paid}
                payment={paid ? paidWith({ paymentMethod: order.paymentMethod, paid: moneyReceived }) : undefined}
                status={paid ? order.status : undefined}
                focusRef={confirmation}
              />
            ) : (
              waiting && <PaymentUnderWay message={payment.awaiting} />
            )}
          </div>
          {done ? <ToTheShop /> : !waiting && <PayLinkForm order={order} form={form} payment={payment} />}
        </div>
        {paid && <LinkedOrderSummary order={order} />}
      </div>
    </div>
  );
}
