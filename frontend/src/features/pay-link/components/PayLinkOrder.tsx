import { useLingui } from '@lingui/react/macro';
import type { LinkedOrder } from '@/lib/types';
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
 * the form; once paid, or once the server says the link has ended (`ended`), its message alone.
 * What the payment comes to is said in a status region that stays in place, so it is announced.
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
  const ending = payment.ending ?? ended;
  const waiting = !ending && order.paying;
  // The order number as the shop's messages name it, e.g. '#5f2c9a1e' (the order page's heading says its own the same way).
  const short = order.orderNumber;
  return (
    <div className={`mx-auto px-4 py-8 ${ending ? 'max-w-xl' : 'max-w-6xl'}`}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t`Order ${short}`}</h1>
      {!ending && <LinkExpiry key={order.expiresAt} expiresAt={order.expiresAt} onEnd={onExpired} />}
      <div className={`mt-6 ${ending ? '' : 'grid gap-6 lg:grid-cols-[1fr_380px] lg:items-start'}`}>
        {!ending && <LinkedOrderSummary order={order} />}
        <div className="space-y-4 lg:sticky lg:top-28">
          <div role="status" aria-live="polite" aria-atomic="false">
            {ending ? <LinkEnd message={ending.message} paid={ending.paid} /> : waiting && <PaymentUnderWay message={payment.awaiting} />}
          </div>
          {ending ? <ToTheShop /> : !waiting && <PayLinkForm order={order} form={form} payment={payment} />}
        </div>
      </div>
    </div>
  );
}
