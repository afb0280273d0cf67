/**
 * Getting the order paid: a request to the customer's wallet, cash on delivery, or a link to pay
 * on. While a wallet request is out, the time left for the customer to confirm; then the server's
 * word, in a region screen readers hear. Paid, waiting for the wallet's answer or to be paid in
 * cash, the order is done here (its page follows it); declined or refused, the actions stay.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn, BUSY } from '@/components/ui/styles';
import { useSettings } from '@/lib/api/settings';
import { ApiError } from '@/lib/api-client';
import { paymentTimeoutOf } from '@/lib/countdown';
import { formatPrice } from '@/lib/format';
import type { CheckoutReply, Order, PaymentChoiceRequest, PaymentLink, PaymentMethod } from '@/lib/types';
import { WaitingForCustomer } from '@/payments/admin/WaitingForCustomer';
import { adminErrorMessage, logError } from '../../lib/errors';
import { usePayOnDelivery, useRequestPayment, useSendPaymentLink } from '../api/orders';
import { PaymentLinkResult } from './PaymentLinkResult';
import { RequestPaymentCard } from './RequestPaymentCard';

/** The server's answer: `done` when the order needs nothing more here (paid, awaiting the wallet, cash on delivery). */
interface Outcome {
  tone: 'paid' | 'pending' | 'refused';
  message: string;
  done: boolean;
}

const TONES = {
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  pending: 'bg-sky-50 text-sky-950 ring-sky-200',
  refused: 'bg-red-50 text-red-900 ring-red-200',
};

export function PaymentActions({ order, onOrder }: { order: Order; onOrder: (order: Order) => void }) {
  const { t } = useLingui();
  const settings = useSettings();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [asked, setAsked] = useState<{ wallet: string; phone: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState<PaymentLink | null>(null);

  const answered = (reply: CheckoutReply, tone: Outcome['tone']) => {
    onOrder(reply.order);
    setOutcome({ tone, message: reply.message, done: true });
  };
  /** The server's refusal; a field's message (a zone that takes no cash) stands for it. */
  const refused = (log: string, fallback: string) => (err: unknown) => {
    logError(log, err);
    const fields = err instanceof ApiError ? err.fieldErrors : {};
    setOutcome({ tone: 'refused', message: fields.paymentMethod ?? adminErrorMessage(err, fallback), done: false });
    return fields;
  };
  const request = useRequestPayment({
    onSuccess: ({ status, reply }) => answered(reply, status === 201 ? 'paid' : 'pending'),
    onError: (err) => setFieldErrors(refused('Failed to request the payment', t`Failed to request the payment`)(err)),
  });
  const cash = usePayOnDelivery({
    onSuccess: (reply) => answered(reply, 'pending'),
    onError: refused('Failed to set cash on delivery', t`Failed to set cash on delivery`),
  });
  const sendLink = useSendPaymentLink({
    onSuccess: setLink,
    onError: refused('Failed to send the payment link', t`Failed to send the payment link`),
  });
  const busy = request.isPending || cash.isPending || sendLink.isPending;
  /** Each action starts afresh: the last answer and messages go. */
  const act = (run: () => void) => () => {
    if (busy) return;
    setOutcome(null);
    setFieldErrors({});
    run();
  };
  const ask = (body: PaymentChoiceRequest, wallet: PaymentMethod) =>
    act(() => {
      setAsked({ wallet: wallet.name, phone: body.paymentPhone });
      request.mutate({ id: order._id, body });
    })();
  const total = formatPrice(order.totalAmount);

  return (
    <section aria-labelledby="payment-title" className="space-y-4">
      <h2 id="payment-title" className="text-lg font-semibold text-stone-900">
        <Trans>Payment</Trans>
      </h2>
      {!outcome?.done && (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="rounded-lg p-4 ring-1 ring-stone-200">
            <RequestPaymentCard phone={order.paymentPhone} busy={busy} errors={fieldErrors} onRequest={ask} />
          </div>
          <div className="space-y-3 rounded-lg p-4 ring-1 ring-stone-200">
            <h3 className="font-semibold text-stone-900">
              <Trans>Cash on delivery</Trans>
            </h3>
            <p className="text-sm text-stone-700">{t`The rider collects ${total} in cash when the order arrives.`}</p>
            <button type="button" className={`${btn.secondary} ${BUSY} w-full`} aria-disabled={busy || undefined} onClick={act(() => cash.mutate(order._id))}>
              <Trans>Cash on delivery</Trans>
            </button>
          </div>
          <div className="space-y-3 rounded-lg p-4 ring-1 ring-stone-200">
            <h3 className="font-semibold text-stone-900">
              <Trans>Payment link</Trans>
            </h3>
            <p className="text-sm text-stone-700">{t`The customer pays on their phone, with their wallet or a card.`}</p>
            <button type="button" className={`${btn.secondary} ${BUSY} w-full`} aria-disabled={busy || undefined} onClick={act(() => sendLink.mutate(order._id))}>
              <Trans>Send payment link</Trans>
            </button>
          </div>
        </div>
      )}
      <div aria-live="polite" className="space-y-3" data-testid="payment-result">
        {request.isPending && asked && <WaitingForCustomer wallet={asked.wallet} phone={asked.phone} timeoutSecs={paymentTimeoutOf(settings.data?.paymentTimeoutSecs)} />}
        {outcome && (
          <div className={`rounded-lg p-4 ring-1 ${TONES[outcome.tone]}`}>
            <p className="font-semibold">{outcome.message}</p>
            {outcome.tone === 'paid' && <p className="mt-1">{t`The order is paid.`}</p>}
            {outcome.done && (
              <Link to={`/admin/orders/${encodeURIComponent(order._id)}`} className="mt-2 inline-block font-semibold underline">
                <Trans>Open the order</Trans>
              </Link>
            )}
          </div>
        )}
        {link && <PaymentLinkResult link={link} />}
      </div>
    </section>
  );
}
