/** The admin table of the messages the shop sends: created, recipient, channel, subject, status, attempts, last error, Resend. */
import { t } from '@lingui/core/macro';
import type { AdminNotification } from '@/lib/types';
import { ActionButton, columnsOf, NoValue, nowrap } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { channelLabel, recipientLabel, subjectLabel, topicLabel } from '../list';
import { NotificationStatus } from './NotificationStatus';

const column = columnsOf<AdminNotification>();

export function notificationsTable({
  resending,
  onResend,
}: {
  /** The id of the message being queued again, if any. */
  resending: string | null;
  onResend: (notification: AdminNotification) => void;
}) {
  return {
    columns: [
      column(t`Created`, (n) => formatDateTime(n.createdAt), nowrap),
      column(t`Recipient`, recipientLabel, { td: 'max-w-56 break-words' }),
      column(t`Channel`, (n) => channelLabel(n.channel), nowrap),
      column(t`Subject`, (n) => (
        <>
          <p className="break-words text-stone-900">{subjectLabel(n)}</p>
          {n.subject !== null && <p className="text-xs text-stone-600">{topicLabel(n.topic)}</p>}
        </>
      ), { td: 'max-w-72' }),
      column(t`Status`, (n) => <NotificationStatus notification={n} />),
      column(t`Attempts`, (n) => n.attempts, { td: 'tabular-nums' }),
      column(t`Last error`, (n) =>
        n.lastError ? (
          <p className="line-clamp-3 break-words text-red-800" title={n.lastError}>
            {n.lastError}
          </p>
        ) : (
          <NoValue className="text-stone-500" />
        ), { td: 'max-w-72' }),
      column(t`Actions`, (n) => (
        <ActionButton
          kind="primary"
          label={t`Resend`}
          target={t`${{ subject: subjectLabel(n) }} to ${{ recipient: recipientLabel(n) }}`}
          className="disabled:cursor-not-allowed disabled:opacity-50"
          disabled={resending === n._id}
          onClick={() => onResend(n)}
        />
      )),
    ],
    rowProps: () => ({ 'data-testid': 'notification-row' }),
    width: 'w-full min-w-[64rem]',
  };
}
