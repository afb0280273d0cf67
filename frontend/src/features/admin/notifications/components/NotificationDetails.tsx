/** The row a message's Details opens: its whole subject and last error (codes masked), to whom, how and when. */
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AdminNotification } from '@/lib/types';
import { formatDateTime } from '../../lib/ui';
import { channelLabel, maskCodes, recipientLabel, subjectLabel, topicLabel } from '../list';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-semibold text-stone-900">{label}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-wrap text-stone-700">{children}</dd>
    </div>
  );
}

export function NotificationDetails({ notification: n }: { notification: AdminNotification }) {
  const { t } = useLingui();
  return (
    <dl className="grid gap-4 bg-stone-50 px-4 py-4 text-sm sm:grid-cols-2" data-testid="notification-details">
      <Item label={t`Subject`}>{subjectLabel(n)}</Item>
      <Item label={t`Topic`}>{topicLabel(n.topic)}</Item>
      <Item label={t`Recipient`}>
        {recipientLabel(n)} ({channelLabel(n.channel)})
      </Item>
      <Item label={t`Created`}>{formatDateTime(n.createdAt)}</Item>
      {n.sentAt && <Item label={t`Sent`}>{formatDateTime(n.sentAt)}</Item>}
      {n.nextAttemptAt && n.status !== 'sent' && <Item label={t`Next try`}>{formatDateTime(n.nextAttemptAt)}</Item>}
      {n.lastError && (
        <div className="min-w-0 sm:col-span-2">
          <dt className="font-semibold text-stone-900">{t`Last error`}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-wrap text-red-800">{maskCodes(n.lastError)}</dd>
        </div>
      )}
    </dl>
  );
}
