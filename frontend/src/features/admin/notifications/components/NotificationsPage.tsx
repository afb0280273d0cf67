/**
 * Admin notifications (/admin/notifications): the e-mails and SMS the shop sends, a
 * server-paged list searched (recipient and subject) and filtered by status and channel in
 * the URL; Resend queues a message to be sent again.
 */
import { useLingui } from '@lingui/react/macro';
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

export default function NotificationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Notifications`);
  const list = useAdminList(notificationsList);
  const { filters } = list;

  const resend = useResendNotification({
    onSuccess: () => toast.success(t`Message queued to send again`),
    onError: (err) => {
      logError('Failed to resend message', err);
      toast.error(adminErrorMessage(err, t`Failed to resend message`));
    },
  });

  const filtered = Boolean(filters.q || filters.status || filters.channel);
  return (
    <section>
      <PageHeader title={t`Notifications`} />
      <p className="mt-1 text-sm text-stone-600">
        {t`E-mails and SMS the shop sends. Failed messages are retried for 24 hours; Resend queues one again.`}
      </p>
      <ListFilters
        list={list}
        label={t`Filter notifications`}
        search={{ label: t`Search notifications`, placeholder: t`Recipient or subject` }}
        selects={[
          { filter: 'status', label: t`Status`, options: STATUS_OPTIONS },
          { filter: 'channel', label: t`Channel`, options: CHANNEL_OPTIONS },
        ]}
      />
      <ListTable
        list={list}
        name={t`Notifications`}
        loading={t`Loading notifications...`}
        empty={
          <EmptyState
            title={t`No messages found`}
            text={filtered ? t`No message matches these filters.` : t`E-mails and SMS the shop sends will appear here.`}
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
