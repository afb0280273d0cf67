/** Admin users (/admin/users): search, role filter, table, add/edit modal, delete confirmation. */
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { useDeleteUser, useUsers } from '@/features/users/api/users';
import { adminKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField, SelectField } from '../../components/fields';
import { FilterBar } from '../../components/FilterBar';
import { adminErrorMessage, logError } from '../../lib/errors';
import { admin, formatShortDate } from '../../lib/ui';
import { deleteRefusal, deleteUserQuestion } from '../user-form';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { UserFormModal } from './UserFormModal';

export const USERS_LOAD_FAILED = 'Failed to load users';

type RoleFilter = 'all' | 'user' | 'admin';

export function filterUsers(users: User[], q: string, role: RoleFilter): User[] {
  const needle = q.trim().toLowerCase();
  return users.filter(
    (u) =>
      (role === 'all' || u.role === role) &&
      (!needle || [u.name, u.email, u.phone].some((s) => (s ?? '').toLowerCase().includes(needle))),
  );
}

function RoleBadge({ role }: { role: string }) {
  return role === 'admin' ? (
    <span className="inline-flex rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900 ring-1 ring-purple-300">Admin</span>
  ) : (
    <span className="inline-flex rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-800 ring-1 ring-stone-300">Customer</span>
  );
}

export default function UsersPage() {
  usePageTitle('Users');
  const qc = useQueryClient();
  const me = useSession((s) => s.user);
  const users = useUsers();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);

  useEffect(() => {
    if (users.isError) {
      logError(USERS_LOAD_FAILED, users.error);
      toast.error(USERS_LOAD_FAILED, { toastId: USERS_LOAD_FAILED });
    }
  }, [users.isError, users.error]);

  const remove = useDeleteUser({
    onSuccess: () => {
      toast.success('User deleted successfully');
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (err) => {
      logError('Failed to delete user', err);
      toast.error(adminErrorMessage(err, 'Failed to delete user'));
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

  const shown = useMemo(() => filterUsers(users.data ?? [], q, role), [users.data, q, role]);

  let body;
  if (users.isPending) {
    body = <PageLoading text="Loading users..." />;
  } else if (users.isError) {
    body = (
      <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
        <p>{USERS_LOAD_FAILED}</p>
        <button type="button" className={`${btn.secondary} mt-3`} onClick={() => void users.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = <EmptyState title="No users found" />;
  } else {
    body = (
      <div className={`mt-6 ${admin.tableWrap}`}>
        <table className={admin.table}>
          <caption className="sr-only">Users</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={admin.th}>User</th>
              <th scope="col" className={admin.th}>Role</th>
              <th scope="col" className={admin.th}>Joined</th>
              <th scope="col" className={admin.th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {shown.map((u) => {
              const self = me?._id === u._id;
              return (
                <tr key={u._id} data-testid="user-row" aria-current={self ? 'true' : undefined} className={self ? 'bg-brand-50' : undefined}>
                  <td className={admin.td}>
                    <div className="flex items-center gap-3">
                      <span
                        aria-hidden="true"
                        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                      >
                        {(u.name || u.email || '?').charAt(0).toUpperCase()}
                      </span>
                      <div className="min-w-0">
                        <p className="font-semibold text-stone-900">
                          {u.name}
                          {self && <span className="ml-1 font-medium text-brand-800">(You)</span>}
                        </p>
                        <p className="text-stone-700">{u.email}</p>
                        <p className="text-stone-600">{u.phone}</p>
                      </div>
                    </div>
                  </td>
                  <td className={`${admin.td} whitespace-nowrap`}>
                    <RoleBadge role={u.role} />
                  </td>
                  <td className={`${admin.td} whitespace-nowrap`}>{formatShortDate(u.createdAt)}</td>
                  <td className={admin.td}>
                    <div className="flex gap-1">
                      <button type="button" className={`${admin.action} text-brand-800 hover:bg-brand-50`} onClick={() => setEditing(u)}>
                        Edit <span className="sr-only">{u.name}</span>
                      </button>
                      {!self && (
                        <button type="button" className={`${admin.action} text-red-700 hover:bg-red-50`} onClick={() => askDelete(u)}>
                          Delete <span className="sr-only">{u.name}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={admin.pageTitle}>Users</h1>
        <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
          Add New User
        </button>
      </div>
      <FilterBar label="Filter users">
        <TextField
          label="Search users"
          type="search"
          placeholder="Name, email or phone"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="sm:col-span-1 lg:min-w-64 lg:flex-1"
        />
        <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as RoleFilter)}>
          <option value="all">All roles</option>
          <option value="user">Customers</option>
          <option value="admin">Admins</option>
        </SelectField>
      </FilterBar>
      {body}
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
          title="Delete User"
          message={deleteUserQuestion(deleting.name)}
          confirmLabel="Delete"
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
