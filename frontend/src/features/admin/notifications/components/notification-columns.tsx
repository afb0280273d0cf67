/**
 * The admin table of the messages the shop sends: created, recipient, channel, subject, status,
 * attempts, last error, Resend and Details. It fits beside the sidebar at 1280 px (fixed columns,
 * long words wrapped, the error cut to two lines); Details opens the row below with the message's
 * whole subject and error, codes masked.
 */
import { t } from '@lingui/core/macro';
import type { AdminNotification } from '@/lib/types';
import { ActionButton, columnsOf, NoValue } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { channelLabel, maskCodes, recipientLabel, subjectLabel, topicLabel } from '../list';
import { NotificationDetails } from './NotificationDetails';
import { NotificationStatus } from './NotificationStatus';

const column = columnsOf<AdminNotification>();
const detailsId = (n: AdminNotification) => `notification-details-${n._id}`;

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
      column(t`Created`, (n) => formatDateTime(n.createdAt), { th: 'w-32' }),
      column(t`Recipient`, recipientLabel, { td: 'break-words' }),
      column(t`Channel`, (n) => channelLabel(n.channel), { th: 'w-24' }),
      column(t`Subject`, (n) => (
        <>
          <p className="break-words text-stone-900">{subjectLabel(n)}</p>
          {n.subject !== null && <p className="text-xs text-stone-600">{topicLabel(n.topic)}</p>}
        </>
      ), { phone: 'title' }),
      column(t`Status`, (n) => <NotificationStatus notification={n} />, { th: 'w-32', phone: 'aside' }),
      column(t`Attempts`, (n) => n.attempts, { th: 'w-24', td: 'tabular-nums' }),
      column(t`Last error`, (n) =>
        n.lastError ? (
          <p className="line-clamp-2 break-words text-red-800">{maskCodes(n.lastError)}</p>
        ) : (
          <NoValue className="text-stone-500" />
        )),
      column(t`Actions`, (n, row) => {
        const target = t`${{ subject: subjectLabel(n) }} to ${{ recipient: recipientLabel(n) }}`;
        const open = row.getIsExpanded();
        return (
          <div className="flex flex-col items-start">
            <ActionButton
              kind="primary"
              label={t`Resend`}
              target={target}
              className="-ml-2.5 disabled:cursor-not-allowed disabled:opacity-50"
              disabled={resending === n._id}
              onClick={() => onResend(n)}
            />
            <ActionButton
              kind="neutral"
              label={open ? t`Hide details` : t`Details`}
              target={t`of ${target}`}
              className="-ml-2.5"
              aria-expanded={open}
              aria-controls={detailsId(n)}
              onClick={() => row.toggleExpanded()}
            />
          </div>
        );
      }, { th: 'w-28', phone: 'actions' }),
    ],
    rowProps: () => ({ 'data-testid': 'notification-row' }),
    details: { id: detailsId, render: (n: AdminNotification) => <NotificationDetails notification={n} /> },
    // 60rem: the room beside the sidebar at 1280 px (1280 - 15rem - 2 × 2rem of padding = 61rem).
    width: 'w-full min-w-[60rem] table-fixed',
    narrow: true,
  };
}
