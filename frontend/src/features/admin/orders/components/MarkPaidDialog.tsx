import { useState, type FormEvent } from 'react';
import { btn } from '@/components/ui/styles';
import { formatPrice, shortOrderId } from '@/lib/format';
import type { Order } from '@/lib/types';
import { TextField } from '../../components/fields';
import { merchantAccount } from '../../lib/payment';
import { Modal } from '../../components/Modal';

/**
 * Confirms recording a payment the provider never confirmed (a wallet's time-out): the admin
 * checked the merchant account of the order's provider and may paste its transaction id.
 * Cancel has the focus first (the safe choice).
 */
export function MarkPaidDialog({
  order,
  busy,
  onConfirm,
  onCancel,
}: {
  order: Order;
  busy: boolean;
  onConfirm: (transactionId: string) => void;
  onCancel: () => void;
}) {
  const [transactionId, setTransactionId] = useState('');
  const customer = order.userId?.name ? ` for ${order.userId.name}` : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(transactionId.trim());
  };
  return (
    <Modal
      title="Mark as paid"
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      description={`The payment provider did not confirm the payment of order ${shortOrderId(order._id)}${customer}${order.totalAmount === undefined ? '' : ` (${formatPrice(order.totalAmount)})`}. Mark it as paid only after you have found the payment in ${merchantAccount(order.paymentMethod)}.`}
    >
      <form onSubmit={submit} noValidate className="mt-4">
        <TextField
          label="Transaction ID (optional)"
          hint="As shown by the payment provider"
          value={transactionId}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setTransactionId(e.target.value)}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onCancel} data-autofocus>
            Cancel
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? 'Saving...' : 'Mark as paid'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
