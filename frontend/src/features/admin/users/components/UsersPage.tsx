/** Admin users (/admin/users): a server-paged list with search and role in the URL, the add/edit modal and the delete confirmation. */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDeleteUser } from '@/lib/api/users';
import { adminKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { ROLE_OPTIONS, usersList } from '../list';
import { deleteRefusal, deleteUserQuestion } from '../user-form';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { UserFormModal } from './UserFormModal';
import { usersTable } from './user-columns';

export default function UsersPage() {
  const { t } = useLingui();
  usePageTitle(t`Users`);
  const qc = useQueryClient();
  const me = useSession((s) => s.user);
  const list = useAdminList(usersList);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);

  const remove = useDeleteUser({
    onSuccess: () => {
      toast.success(t`User deleted successfully`);
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (err) => {
      logError('Failed to delete user', err);
      toast.error(adminErrorMessage(err, t`Failed to delete user`));
    },
  });

  const askDelete = (u: User) => {
    const refusal = deleteRefusal(u, me);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setDeleting(u);
  };

  return (
    <section>
      <PageHeader title={t`Users`} add={{ label: t`Add New User`, onClick: () => setEditing('new') }} />
      <ListFilters
        list={list}
        label={t`Filter users`}
        search={{ label: t`Search users`, placeholder: t`Name, email or phone` }}
        selects={[{ filter: 'role', label: t`Role`, options: ROLE_OPTIONS }]}
      />
      <ListTable
        list={list}
        name={t`Users`}
        loading={t`Loading users...`}
        empty={<EmptyState title={t`No users found`} />}
        {...usersTable({ me, onEdit: setEditing, onDelete: askDelete })}
      />
      {editing && (
        <UserFormModal
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onUpdated={() => setEditing(null)}
          onCreated={(reply) => {
            setEditing(null);
            void qc.invalidateQueries({ queryKey: adminKeys.all });
            if (reply.temporaryPassword) setCreated({ name: reply.user?.name ?? '', password: reply.temporaryPassword });
          }}
        />
      )}
      {created && <TemporaryPasswordDialog name={created.name} password={created.password} onClose={() => setCreated(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t`Delete User`}
          message={deleteUserQuestion(deleting.name)}
          confirmLabel={t`Delete`}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const refusal = deleteRefusal(deleting, me);
            if (refusal) toast.error(refusal);
            else remove.mutate(deleting._id);
          }}
        />
      )}
    </section>
  );
}
