/**
 * Admin notifications (/admin/notifications): the e-mails and SMS the shop sends, a
 * server-paged list searched (recipient and subject) and filtered by status and channel in
 * the URL; Resend queues a message to be sent again.
 */
import { EmptyState } from '@/components/ui/EmptyState';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { useResendNotification } from '../api/notifications';
import { CHANNEL_OPTIONS, notificationsList, STATUS_OPTIONS } from '../list';
import { notificationsTable } from './notification-columns';

export const MESSAGE_QUEUED = 'Message queued to send again';
export const RESEND_FAILED = 'Failed to resend message';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const list = useAdminList(notificationsList);
  const { filters } = list;

  const resend = useResendNotification({
    onSuccess: () => toast.success(MESSAGE_QUEUED),
    onError: (err) => {
      logError(RESEND_FAILED, err);
      toast.error(adminErrorMessage(err, RESEND_FAILED));
    },
  });

  const filtered = Boolean(filters.q || filters.status || filters.channel);
  return (
    <section>
      <PageHeader title="Notifications" />
      <p className="mt-1 text-sm text-stone-600">
        E-mails and SMS the shop sends. Failed messages are retried for 24 hours; Resend queues one again.
      </p>
      <ListFilters
        list={list}
        label="Filter notifications"
        search={{ label: 'Search notifications', placeholder: 'Recipient or subject' }}
        selects={[
          { filter: 'status', label: 'Status', options: STATUS_OPTIONS },
          { filter: 'channel', label: 'Channel', options: CHANNEL_OPTIONS },
        ]}
      />
      <ListTable
        list={list}
        name="Notifications"
        loading="Loading notifications..."
        empty={
          <EmptyState
            title="No messages found"
            text={filtered ? 'No message matches these filters.' : 'E-mails and SMS the shop sends will appear here.'}
          />
        }
        {...notificationsTable({
          resending: resend.isPending ? (resend.variables ?? null) : null,
          onResend: (n) => resend.mutate(n._id),
        })}
      />
    </section>
  );
}
