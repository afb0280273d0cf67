import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { Modal } from './Modal';

/** A yes/no question in a modal; Cancel has the focus first (the safe choice). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirm button's text while the call is under way ('Deleting...' unless given). */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal title={title} onClose={onCancel} size="sm" role="alertdialog" description={message}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={btn.secondary} onClick={onCancel} data-autofocus>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className={`${btn.primary} bg-red-700 hover:bg-red-800`} onClick={onConfirm} disabled={busy}>
          {busy ? (busyLabel ?? t`Deleting...`) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
