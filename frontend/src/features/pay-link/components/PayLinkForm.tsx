import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/Spinner';
import { useSettings } from '@/lib/api/settings';
import { paymentTimeoutOf } from '@/lib/countdown';
import { formatPrice } from '@/lib/format';
import type { LinkedOrder } from '@/lib/types';
import { PaymentFieldset } from '@/payments/components/PaymentFieldset';
import { SandboxNotice } from '@/payments/components/SandboxNotice';
import type { LinkPaymentState } from '../hooks/use-link-payment';
import type { LinkPaymentForm } from '../hooks/use-link-payment-form';

/**
 * The payment form of a link's page: the sandbox's test numbers when payments are simulated, the
 * checkout's payment fields limited to the link's methods, and the last refusal under them.
 */
export function PayLinkForm({
  order,
  form,
  payment,
}: {
  order: LinkedOrder;
  form: LinkPaymentForm;
  payment: LinkPaymentState;
}) {
  const { t } = useLingui();
  const settings = useSettings();
  const { choice, phone } = form;
  if (form.isPending) return <Spinner label={t`Loading payment methods...`} />;
  if (!choice) {
    return <p className="rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">{t`This order cannot be paid here. Ask the shop how to pay it.`}</p>;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phone) payment.submit(choice.method, phone);
  };
  const notice = payment.notice;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {settings.data?.sandboxPayments && <SandboxNotice offered={choice.offered} />}
      <PaymentFieldset
        payment={choice}
        total={formatPrice(order.totalAmount)}
        busy={payment.busy}
        waitingFor={payment.waitingFor}
        toCardPage={payment.toCardPage}
        timeoutSecs={paymentTimeoutOf(settings.data?.paymentTimeoutSecs)}
      />
      {notice && (
        <p
          role="alert"
          data-testid="pay-notice"
          className={`rounded-xl p-4 text-sm font-medium ring-1 ${notice.tone === 'error' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-amber-50 text-amber-950 ring-amber-200'}`}
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}
