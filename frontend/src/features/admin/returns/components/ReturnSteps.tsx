/**
 * What an admin does with a return, on the Returns screen and on an order's page: the buttons
 * of the steps the server allows now (`nextSteps`: Approve, Reject, Mark received, Refund), a confirmation
 * before rejecting or refunding, a toast when it is done and the server's message when it is
 * refused (409: not allowed now; 502: the payment provider refused the refund, or did not
 * answer). A refund sent but not answered shows as such, with its two resolutions.
 */
import { useState, type ReactNode } from 'react';
import { useResolveReturnRefund, useUpdateReturn } from '@/lib/api/returns';
import { ApiError } from '@/lib/api-client';
import { formatPrice, shortOrderId } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import type { OrderReturn, PaymentMethodId, RefundResolutionRequest, UpdateReturnRequest } from '@/lib/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { UnconfirmedRefund } from '../../components/UnconfirmedRefund';
import { adminErrorMessage, logError } from '../../lib/errors';
import { refundProvider } from '../../lib/payment';
import { admin } from '../../lib/ui';

type Step = UpdateReturnRequest['status'];

export const STEP_LABELS: Record<Step, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  received: 'Mark received',
  refunded: 'Refund',
};

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
      return 'Return approved';
    case 'rejected':
      return 'Return rejected';
    case 'received':
      return 'Return marked as received';
    case 'refunded':
      return `Refunded ${formatPrice(ret.refundAmount)}`;
  }
}

const UPDATE_FAILED = 'Failed to update the return';

/** A table cell's 'nothing to do' (a return rejected or refunded). */
export const NO_STEP = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">No action</span>
  </>
);

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
  method?: PaymentMethodId;
  none?: ReactNode;
}) {
  const busy = steps.busyId === ret._id;
  const mayManage = useCan()('returns.manage');
  if (!mayManage && ret.refundStatus !== 'sending') return <>{none}</>;
  if (ret.refundStatus === 'unconfirmed') {
    return (
      <UnconfirmedRefund
        amount={ret.refundAmount}
        method={method}
        sentAt={ret.refundSentAt}
        subject={`of the return of order ${shortOrderId(ret.orderId)}`}
        busy={busy}
        onResolve={(resolution) => steps.resolve(ret, resolution)}
      />
    );
  }
  if (ret.refundStatus === 'sending') return <span className="text-sm text-stone-700">Refund being sent to {refundProvider(method)}</span>;
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
          {STEP_LABELS[step]} <span className="sr-only">the return of order {shortOrderId(ret.orderId)}</span>
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
  const [confirming, setConfirming] = useState<{ ret: OrderReturn; step: Step } | null>(null);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [announce, setAnnounce] = useState('');

  const update = useUpdateReturn({
    onSuccess: (ret, { status }) => {
      const done = stepDone(status, ret);
      toast.success(done);
      setAnnounce(done);
      setFailure(null);
      setConfirming(null);
    },
    onError: (err, { status }) => {
      logError('Failed to update the return', err);
      setConfirming(null);
      // 502: the provider refused the refund; the return stays received and the refund can be tried again.
      setFailure({ message: adminErrorMessage(err, UPDATE_FAILED), retry: status === 'refunded' && err instanceof ApiError && err.status === 502 });
    },
  });

  const resolution = useResolveReturnRefund({
    onSuccess: (ret, vars) => {
      const done = vars.resolution === 'confirmed' ? 'Return marked as refunded' : `Refund of ${formatPrice(ret.refundAmount)} sent again`;
      toast.success(done);
      setAnnounce(done);
      setFailure(null);
    },
    onError: (err) => {
      logError('Failed to resolve the refund', err);
      setFailure({ message: adminErrorMessage(err, UPDATE_FAILED), retry: false });
    },
  });

  const send = (ret: OrderReturn, step: Step) => update.mutate({ id: ret._id, status: step });
  const resolve = (ret: OrderReturn, how: RefundResolutionRequest['resolution']) => resolution.mutate({ id: ret._id, resolution: how });
  const take = (ret: OrderReturn, step: Step) => {
    if (step === 'rejected' || step === 'refunded') setConfirming({ ret, step });
    else send(ret, step);
  };

  const customer = (ret: OrderReturn) => ret.customer?.name || 'the customer';
  const dialog = confirming ? (
    confirming.step === 'rejected' ? (
      <ConfirmDialog
        title="Reject Return"
        message={`Reject the return of order ${shortOrderId(confirming.ret.orderId)} from ${customer(confirming.ret)}? Nothing will be refunded for these items.`}
        confirmLabel="Reject"
        busyLabel="Rejecting..."
        busy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => send(confirming.ret, 'rejected')}
      />
    ) : (
      <ConfirmDialog
        title="Refund Return"
        message={`Refund ${formatPrice(confirming.ret.refundAmount)} to ${customer(confirming.ret)} for order ${shortOrderId(confirming.ret.orderId)}? The money goes back through the payment provider; this cannot be undone.`}
        confirmLabel="Refund"
        busyLabel="Refunding..."
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
          {failure.retry && <p className="mt-1 text-sm">The return is still marked received: you can try the refund again.</p>}
        </div>
      )}
    </>
  );

  const busyId = update.isPending ? (update.variables?.id ?? null) : resolution.isPending ? (resolution.variables?.id ?? null) : null;
  return { take, resolve, busyId, dialog, notices };
}

export type ReturnSteps = ReturnType<typeof useReturnSteps>;
