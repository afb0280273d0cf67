import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from './Modal';
import { btn } from './styles';

/**
 * A yes/no question in a modal; Cancel has the focus first (the safe choice). The confirm
 * button is red for what destroys (`tone` 'danger', the default: a deletion) and the shop's
 * colour for what does not (`tone` 'primary', e.g. marking cash received).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy,
  tone = 'danger',
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirm button's text while the call is under way ('Deleting...' unless given). */
  busyLabel?: string;
  busy?: boolean;
  tone?: 'danger' | 'primary';
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
        <button
          type="button"
          className={tone === 'danger' ? `${btn.primary} bg-red-700 hover:bg-red-800` : btn.primary}
          onClick={onConfirm}
          disabled={busy}
          data-tone={tone}
        >
          {busy ? (busyLabel ?? t`Deleting...`) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
