import { useState, type FormEvent } from 'react';
import { btn } from '@/components/ui/styles';
import { capitalize } from '@/lib/format';
import type { Order, OrderStatus } from '@/lib/types';
import { SelectField } from '../../components/fields';
import { Modal } from '../../components/Modal';
import { ORDER_STATUSES } from '../list';

/** Update Status: any of the four statuses from any current one. */
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
  const [status, setStatus] = useState<string>(
    (ORDER_STATUSES as readonly string[]).includes(order.status) ? order.status : '',
  );
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!status) {
      setError('Please choose a status');
      return;
    }
    onSubmit(status as OrderStatus);
  };
  return (
    <Modal title="Update Order Status" onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate>
        <p className="mb-4 text-sm text-stone-700">
          Order <span className="font-mono">{order._id.slice(0, 8)}...</span>
          {order.userId?.name ? ` for ${order.userId.name}` : ''}
        </p>
        <SelectField
          label="Status"
          value={status}
          required
          error={error}
          onChange={(e) => {
            setStatus(e.target.value);
            setError(undefined);
          }}
          data-autofocus
        >
          <option value="" disabled>
            Choose a status
          </option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </SelectField>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? 'Updating...' : 'Update'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
