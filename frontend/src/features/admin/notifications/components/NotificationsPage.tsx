/**
 * Admin notifications (/admin/notifications): the e-mails and SMS the shop sends, a
 * server-paged list searched (recipient and subject) and filtered by status and channel in
 * the URL; Resend queues a message to be sent again.
 */
import { EmptyState } from '@/components/ui/EmptyState';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { FilterBar } from '../../components/FilterBar';
import { adminErrorMessage, logError } from '../../lib/errors';
import { FilterSelect, ListView, SearchField, useAdminList } from '../../lib/list';
import { admin } from '../../lib/ui';
import { useResendNotification } from '../api/notifications';
import { CHANNEL_OPTIONS, notificationsList, STATUS_OPTIONS } from '../list';
import { NotificationsTable } from './NotificationsTable';

export const MESSAGE_QUEUED = 'Message queued to send again';
export const RESEND_FAILED = 'Failed to resend message';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const list = useAdminList(notificationsList);
  const { filters, setFilter } = list;

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
      <h1 className={admin.pageTitle}>Notifications</h1>
      <p className="mt-1 text-sm text-stone-600">
        E-mails and SMS the shop sends. Failed messages are retried for 24 hours; Resend queues one again.
      </p>
      <FilterBar label="Filter notifications">
        <SearchField
          label="Search notifications"
          placeholder="Recipient or subject"
          value={filters.q}
          onSearch={(q) => setFilter('q', q, { replace: true })}
          className="sm:col-span-2 lg:min-w-64 lg:flex-1"
        />
        <FilterSelect label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(v) => setFilter('status', v)} />
        <FilterSelect label="Channel" value={filters.channel} options={CHANNEL_OPTIONS} onChange={(v) => setFilter('channel', v)} />
      </FilterBar>
      <ListView
        list={list}
        label="Notifications"
        loading="Loading notifications..."
        empty={
          <EmptyState
            title="No messages found"
            text={filtered ? 'No message matches these filters.' : 'E-mails and SMS the shop sends will appear here.'}
          />
        }
      >
        {(rows) => (
          <NotificationsTable
            notifications={rows}
            resending={resend.isPending ? (resend.variables ?? null) : null}
            onResend={(n) => resend.mutate(n._id)}
          />
        )}
      </ListView>
    </section>
  );
}
