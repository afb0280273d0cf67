/** The admin user table: avatar, name, e-mail and phone, role badge, joined date, actions; the admin's own row marked '(You)' without Delete. */
import type { User } from '@/lib/types';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin, formatShortDate } from '../../lib/ui';

function RoleBadge({ role }: { role: string }) {
  return role === 'admin' ? (
    <span className="inline-flex rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900 ring-1 ring-purple-300">Admin</span>
  ) : (
    <span className="inline-flex rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-800 ring-1 ring-stone-300">Customer</span>
  );
}

export function UsersTable({
  users,
  me,
  onEdit,
  onDelete,
}: {
  users: User[];
  /** The signed-in admin. */
  me: User | null;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}) {
  return (
    <ScrollableTable name="Users" className={`mt-6 ${admin.tableWrap}`} tableClassName={admin.table}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className={admin.th}>User</th>
          <th scope="col" className={admin.th}>Role</th>
          <th scope="col" className={admin.th}>Joined</th>
          <th scope="col" className={admin.th}>Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {users.map((u) => {
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
                  <button type="button" className={`${admin.action} text-brand-800 hover:bg-brand-50`} onClick={() => onEdit(u)}>
                    Edit <span className="sr-only">{u.name}</span>
                  </button>
                  {!self && (
                    <button type="button" className={`${admin.action} text-red-700 hover:bg-red-50`} onClick={() => onDelete(u)}>
                      Delete <span className="sr-only">{u.name}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
