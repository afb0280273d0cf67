import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { Modal } from '@/components/ui/Modal';
import { formatPrice, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { usePaymentProviders } from '@/payments/admin/providers';
import { TextField } from '../../components/fields';

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
  const { t } = useLingui();
  const [transactionId, setTransactionId] = useState('');
  const short = orderNumber(order);
  const customer = order.userId?.name;
  const whose = customer ? t`order ${short} for ${customer}` : t`order ${short}`;
  // ' ($12.50)' after the order, or nothing for someone who may not see amounts.
  const what = order.totalAmount === undefined ? whose : `${whose} (${formatPrice(order.totalAmount)})`;
  const account = usePaymentProviders().merchantAccount(order.paymentMethod);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(transactionId.trim());
  };
  return (
    <Modal
      title={t`Mark as paid`}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      description={t`The payment provider did not confirm the payment of ${what}. Mark it as paid only after you have found the payment in ${account}.`}
    >
      <form onSubmit={submit} noValidate className="mt-4">
        <TextField
          label={t`Transaction ID (optional)`}
          hint={t`As shown by the payment provider`}
          value={transactionId}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setTransactionId(e.target.value)}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onCancel} data-autofocus>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? t`Saving...` : t`Mark as paid`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
