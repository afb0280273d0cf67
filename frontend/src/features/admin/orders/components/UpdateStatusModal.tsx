import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { statusWord } from '@/components/ui/StatusBadge';
import { btn } from '@/components/ui/styles';
import { Modal } from '@/components/ui/Modal';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { useOrder } from '@/lib/api/orders';
import { orderNumber } from '@/lib/format';
import type { Order, OrderStatus } from '@/lib/types';
import { SelectField } from '../../components/fields';
import { adminErrorMessage } from '../../lib/errors';

/**
 * Update Status: the statuses the server says the order may be moved to now (its detail's
 * `nextStatuses`, fetched when the order comes from the list).
 */
export function UpdateStatusModal({
  order,
  busy,
  onSubmit,
  onClose,
}: {
  order: Order;
  busy: boolean;
  onSubmit: (status: OrderStatus) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const detail = useOrder(order._id);
  const next = detail.data?.nextStatuses ?? [];
  // The dialog focuses what it holds when it opens (and gives the focus back when it closes);
  // statuses that come later take the focus themselves.
  const [cameLater] = useState(() => detail.data === undefined);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!status) {
      setError(t`Please choose a status`);
      return;
    }
    onSubmit(status as OrderStatus);
  };
  const choosing = detail.isSuccess && next.length > 0;
  const short = orderNumber(order);
  const customer = order.userId?.name;
  const now = statusWord(order.status);
  return (
    <Modal title={t`Update Order Status`} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate>
        <p className="mb-4 text-sm text-stone-700">
          {customer ? (
            <Trans>
              Order <span className="font-mono">{short}</span> for {customer}, now {now}
            </Trans>
          ) : (
            <Trans>
              Order <span className="font-mono">{short}</span>, now {now}
            </Trans>
          )}
        </p>
        {detail.isPending ? (
          <p role="status" className="text-sm text-stone-600">
            <Trans>Loading the statuses it may take...</Trans>
          </p>
        ) : detail.isError ? (
          <RetryAlert className="text-sm" onRetry={() => void detail.refetch()}>
            {adminErrorMessage(detail.error, t`Failed to load the order. Please try again.`)}
          </RetryAlert>
        ) : !choosing ? (
          <p className="text-sm text-stone-700">
            <Trans>This order cannot be moved to another status now.</Trans>
          </p>
        ) : (
          <SelectField
            label={t`Status`}
            value={status}
            required
            error={error}
            onChange={(e) => {
              setStatus(e.target.value);
              setError(undefined);
            }}
            autoFocus={cameLater}
            data-autofocus
          >
            <option value="" disabled>
              {t`Choose a status`}
            </option>
            {next.map((s) => (
              <option key={s} value={s}>
                {statusWord(s)}
              </option>
            ))}
          </SelectField>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          {choosing && (
            <button type="submit" className={btn.primary} disabled={busy}>
              {busy ? t`Updating...` : t`Update`}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
