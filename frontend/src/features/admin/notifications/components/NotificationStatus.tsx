import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import type { AdminNotification } from '@/lib/types';
import { Badge, tone } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { statusLabel } from '../list';

/** A message's status: pending yellow, sent green, retrying orange, failed red, skipped (or unknown) grey. */
const STATUS_TONES: Record<string, string> = { pending: tone.yellow, sent: tone.green, retrying: tone.orange, failed: tone.red };

/** When it went out, or when the next try is due. */
function StatusTime({ n }: { n: AdminNotification }) {
  if (n.status === 'sent' && n.sentAt) return <span className="mt-1 block text-xs text-stone-600">{formatDateTime(n.sentAt)}</span>;
  if ((n.status === 'retrying' || n.status === 'pending') && n.nextAttemptAt) {
    const next = formatDateTime(n.nextAttemptAt);
    return (
      <span className="mt-1 block text-xs text-stone-600">
        <Trans>Next try {next}</Trans>
      </span>
    );
  }
  return null;
}

/** The Status cell of a message: its badge, and when it went out or is tried next. */
export function NotificationStatus({ notification }: { notification: AdminNotification }) {
  useLanguage();
  return (
    <>
      <Badge colour={STATUS_TONES[notification.status] ?? tone.grey} testId="notification-status">
        {statusLabel(notification.status)}
      </Badge>
      <StatusTime n={notification} />
    </>
  );
}
