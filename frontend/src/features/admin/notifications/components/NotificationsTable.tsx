/** The admin table of the messages the shop sends: created, recipient, channel, subject, status, attempts, last error, Resend. */
import type { AdminNotification } from '@/lib/types';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin, formatDateTime } from '../../lib/ui';
import { channelLabel, recipientLabel, statusLabel, subjectLabel, topicLabel } from '../list';

const STATUS_STYLES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  sent: 'bg-green-100 text-green-900 ring-green-300',
  retrying: 'bg-orange-100 text-orange-900 ring-orange-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  skipped: 'bg-stone-100 text-stone-800 ring-stone-300',
};
const GREY = 'bg-stone-100 text-stone-800 ring-stone-300';

/** A message's status: pending yellow, sent green, retrying orange, failed red, skipped (or unknown) grey. */
function NotificationStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="notification-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status] ?? GREY}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** When it went out, or when the next try is due. */
function StatusTime({ n }: { n: AdminNotification }) {
  if (n.status === 'sent' && n.sentAt) return <span className="mt-1 block text-xs whitespace-nowrap text-stone-600">{formatDateTime(n.sentAt)}</span>;
  if ((n.status === 'retrying' || n.status === 'pending') && n.nextAttemptAt) {
    return <span className="mt-1 block text-xs whitespace-nowrap text-stone-600">Next try {formatDateTime(n.nextAttemptAt)}</span>;
  }
  return null;
}

export function NotificationsTable({
  notifications,
  resending,
  onResend,
}: {
  notifications: AdminNotification[];
  /** The id of the message being queued again, if any. */
  resending: string | null;
  onResend: (notification: AdminNotification) => void;
}) {
  return (
    <ScrollableTable name="Notifications" className={`mt-6 ${admin.tableWrap}`} tableClassName={`${admin.tableRows} w-full min-w-[64rem]`}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className={admin.th}>Created</th>
          <th scope="col" className={admin.th}>Recipient</th>
          <th scope="col" className={admin.th}>Channel</th>
          <th scope="col" className={admin.th}>Subject</th>
          <th scope="col" className={admin.th}>Status</th>
          <th scope="col" className={admin.th}>Attempts</th>
          <th scope="col" className={admin.th}>Last error</th>
          <th scope="col" className={admin.th}>Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {notifications.map((n) => {
          const recipient = recipientLabel(n);
          const subject = subjectLabel(n);
          return (
            <tr key={n._id} data-testid="notification-row">
              <td className={`${admin.td} whitespace-nowrap`}>{formatDateTime(n.createdAt)}</td>
              <td className={`${admin.td} max-w-56 break-words`}>{recipient}</td>
              <td className={`${admin.td} whitespace-nowrap`}>{channelLabel(n.channel)}</td>
              <td className={`${admin.td} max-w-72`}>
                <p className="break-words text-stone-900">{subject}</p>
                {n.subject !== null && <p className="text-xs text-stone-600">{topicLabel(n.topic)}</p>}
              </td>
              <td className={admin.td}>
                <NotificationStatusBadge status={n.status} />
                <StatusTime n={n} />
              </td>
              <td className={`${admin.td} tabular-nums`}>{n.attempts}</td>
              <td className={`${admin.td} max-w-72`}>
                {n.lastError ? (
                  <p className="line-clamp-3 break-words text-red-800" title={n.lastError}>
                    {n.lastError}
                  </p>
                ) : (
                  <>
                    <span aria-hidden="true" className="text-stone-500">—</span>
                    <span className="sr-only">None</span>
                  </>
                )}
              </td>
              <td className={admin.td}>
                <button
                  type="button"
                  className={`${admin.action} text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50`}
                  disabled={resending === n._id}
                  onClick={() => onResend(n)}
                >
                  Resend <span className="sr-only">{`${subject} to ${recipient}`}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
