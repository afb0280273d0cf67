/**
 * What an admin does with a return, on the Returns screen and on an order's page: the buttons
 * of the steps the server allows now (`nextSteps`: Approve, Reject, Mark received, Refund), a confirmation
 * before rejecting or refunding (a refund no provider can send asks how the admin paid it out by
 * hand: RefundByHandDialog), a toast when it is done and the server's message when it is
 * refused (409: not allowed now; 502: the payment provider refused the refund, or did not
 * answer). A refund sent but not answered shows as such, with its two resolutions.
 */
import { useState, type ReactNode } from 'react';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useResolveReturnRefund, useUpdateReturn } from '@/lib/api/returns';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import type { OrderReturn, PaymentMethodId, RefundResolutionRequest, UpdateReturnRequest } from '@/lib/types';
import { usePaymentProviders, useRefundPayouts } from '@/payments/admin/providers';
import { paidOutWith, type RefundPayout } from '@/payments/admin/texts';
import { UnconfirmedRefund } from '../../components/UnconfirmedRefund';
import { adminErrorMessage, logError } from '../../lib/errors';
import { translated } from '../../lib/translated';
import { admin } from '../../lib/ui';
import { RefundByHandDialog } from './RefundByHandDialog';

type Step = UpdateReturnRequest['status'];

/** Each step's button, in the language shown. */
export const STEP_LABELS: Readonly<Record<Step, string>> = translated({
  approved: msg`Approve`,
  rejected: msg`Reject`,
  received: msg`Mark received`,
  refunded: msg`Refund`,
});

const STEP_STYLES: Record<Step, string> = {
  approved: 'text-brand-800 hover:bg-brand-50',
  rejected: 'text-red-700 hover:bg-red-50',
  received: 'text-stone-800 hover:bg-stone-100',
  refunded: 'text-emerald-800 hover:bg-emerald-50',
};

/** The toast of a step taken. */
export function stepDone(step: Step, ret: OrderReturn): string {
  switch (step) {
    case 'approved':
      return t`Return approved`;
    case 'rejected':
      return t`Return rejected`;
    case 'received':
      return t`Return marked as received`;
    case 'refunded': {
      // Without the amount for staff who may not see it (the server sends none).
      if (ret.refundAmount === undefined) return t`Return refunded`;
      const amount = formatPrice(ret.refundAmount);
      return t`Refunded ${amount}`;
    }
  }
}

const updateFailed = () => t`Failed to update the return`;

/** What a step acts on, for screen readers and the refund's sentences: 'the return of order cafe1234...'. */
const theReturnOf = (ret: Pick<OrderReturn, 'orderNumber'>) => {
  const order = ret.orderNumber;
  return t`the return of order ${order}`;
};

/** A table cell's 'nothing to do' (a return rejected or refunded). */
export const NO_STEP = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">
      <Trans>No action</Trans>
    </span>
  </>
);

/** How a refund by hand was paid out ('Paid out in cash', 'Paid out with ZAAD'), once it was; nothing otherwise. */
export function RefundPaidOut({ ret, className }: { ret: Pick<OrderReturn, 'refundPaidWith'>; className?: string }) {
  if (!ret.refundPaidWith) return null;
  return <p className={className}>{paidOutWith(ret.refundPaidWith)}</p>;
}

/**
 * The buttons of the steps the server allows now; `none` once it is rejected or refunded. A
 * refund being sent says so; one sent but not answered shows its resolutions instead. Only for
 * whoever manages returns (returns.manage): anyone else sees `none` (or the refund being sent).
 */
export function ReturnStepButtons({
  ret,
  steps,
  method,
  none = null,
}: {
  ret: OrderReturn;
  steps: Pick<ReturnSteps, 'take' | 'resolve' | 'busyId'>;
  /** How the return's order was paid, when the screen knows it (the order's page): its provider is named. */
  method?: PaymentMethodId | null;
  none?: ReactNode;
}) {
  const { t } = useLingui();
  const { refundProvider } = usePaymentProviders();
  const busy = steps.busyId === ret._id;
  const mayManage = useCan()('returns.manage');
  if (!mayManage && ret.refundStatus !== 'sending') return <>{none}</>;
  if (ret.refundStatus === 'unconfirmed') {
    return (
      <UnconfirmedRefund
        amount={ret.refundAmount}
        method={method}
        sentAt={ret.refundSentAt}
        subject={t`of the return of order ${{ order: ret.orderNumber }}`}
        busy={busy}
        onResolve={(resolution) => steps.resolve(ret, resolution)}
      />
    );
  }
  if (ret.refundStatus === 'sending') {
    const provider = refundProvider(method);
    return (
      <span className="text-sm text-stone-700">
        <Trans>Refund being sent to {provider}</Trans>
      </span>
    );
  }
  const next = ret.nextSteps;
  if (next.length === 0) return <>{none}</>;
  return (
    <div className="flex flex-wrap gap-1">
      {next.map((step) => (
        <button
          key={step}
          type="button"
          className={`${admin.action} whitespace-nowrap ${STEP_STYLES[step]} disabled:opacity-50`}
          disabled={busy}
          onClick={() => steps.take(ret, step)}
        >
          {STEP_LABELS[step]} <span className="sr-only">{theReturnOf(ret)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The steps of returns on one screen: `take` moves a return on (after a confirmation for
 * Reject and Refund), `dialog` is that confirmation, `failure` the last refusal (shown until
 * the next step succeeds), `busyId` the return being changed.
 */
export function useReturnSteps() {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<{ ret: OrderReturn; step: Step } | null>(null);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [announce, setAnnounce] = useState('');
  // The server's refusal of how a refund by hand was paid out: shown in its dialog, which stays open.
  const [payoutError, setPayoutError] = useState<string | null>(null);
  // Asked for with the screen, so that its dialog opens with them (it waits while they load).
  const payouts = useRefundPayouts();

  const update = useUpdateReturn({
    onSuccess: (ret, { status }) => {
      const done = stepDone(status, ret);
      toast.success(done);
      setAnnounce(done);
      setFailure(null);
      setConfirming(null);
    },
    onError: (err, { status, refundPaidWith }) => {
      logError('Failed to update the return', err);
      const payoutRefused = refundPaidWith ? serverFieldErrors(err, ['refundPaidWith'] as const).refundPaidWith : undefined;
      if (payoutRefused) {
        setPayoutError(payoutRefused);
        return;
      }
      setConfirming(null);
      // 502: the provider refused the refund; the return stays received and the refund can be tried again.
      setFailure({ message: adminErrorMessage(err, updateFailed()), retry: status === 'refunded' && err instanceof ApiError && err.status === 502 });
    },
  });

  const resolution = useResolveReturnRefund({
    onSuccess: (ret, vars) => {
      const amount = formatPrice(ret.refundAmount);
      const sentAgain = ret.refundAmount === undefined ? t`Refund sent again` : t`Refund of ${amount} sent again`;
      const done = vars.resolution === 'confirmed' ? t`Return marked as refunded` : sentAgain;
      toast.success(done);
      setAnnounce(done);
      setFailure(null);
    },
    onError: (err) => {
      logError('Failed to resolve the refund', err);
      setFailure({ message: adminErrorMessage(err, updateFailed()), retry: false });
    },
  });

  const send = (ret: OrderReturn, step: Step, refundPaidWith?: RefundPayout) => {
    setPayoutError(null);
    update.mutate({ id: ret._id, status: step, ...(refundPaidWith && { refundPaidWith }) });
  };
  const resolve = (ret: OrderReturn, how: RefundResolutionRequest['resolution']) => resolution.mutate({ id: ret._id, resolution: how });
  const take = (ret: OrderReturn, step: Step) => {
    setPayoutError(null);
    if (step === 'rejected' || step === 'refunded') setConfirming({ ret, step });
    else send(ret, step);
  };

  const customer = (ret: OrderReturn) => ret.customer?.name || t`the customer`;
  const dialog = confirming ? (
    confirming.step === 'rejected' ? (
      <ConfirmDialog
        title={t`Reject Return`}
        message={t`Reject the return of order ${{ order: confirming.ret.orderNumber }} from ${{ customer: customer(confirming.ret) }}? Nothing will be refunded for these items.`}
        confirmLabel={t`Reject`}
        busyLabel={t`Rejecting...`}
        busy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => send(confirming.ret, 'rejected')}
      />
    ) : confirming.ret.refundByHand ? (
      payouts && (
        <RefundByHandDialog
          ret={confirming.ret}
          payouts={payouts}
          customer={customer(confirming.ret)}
          busy={update.isPending}
          error={payoutError}
          onCancel={() => setConfirming(null)}
          onConfirm={(paidWith) => send(confirming.ret, 'refunded', paidWith)}
        />
      )
    ) : (
      <ConfirmDialog
        title={t`Refund Return`}
        message={
          confirming.ret.refundAmount === undefined
            ? t`Refund ${{ customer: customer(confirming.ret) }} for the return of order ${{ order: confirming.ret.orderNumber }}? The money goes back through the payment provider; this cannot be undone.`
            : t`Refund ${{ amount: formatPrice(confirming.ret.refundAmount) }} to ${{ customer: customer(confirming.ret) }} for order ${{ order: confirming.ret.orderNumber }}? The money goes back through the payment provider; this cannot be undone.`
        }
        confirmLabel={t`Refund`}
        busyLabel={t`Refunding...`}
        busy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => send(confirming.ret, 'refunded')}
      />
    )
  ) : null;

  const notices = (
    <>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {failure && (
        <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{failure.message}</p>
          {failure.retry && (
            <p className="mt-1 text-sm">
              <Trans>The return is still marked received: you can try the refund again.</Trans>
            </p>
          )}
        </div>
      )}
    </>
  );

  const busyId = update.isPending ? (update.variables?.id ?? null) : resolution.isPending ? (resolution.variables?.id ?? null) : null;
  return { take, resolve, busyId, dialog, notices };
}

export type ReturnSteps = ReturnType<typeof useReturnSteps>;
