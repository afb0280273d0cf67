/** The admin user table: avatar, name, e-mail and phone, role badge, joined date, actions; the admin's own row marked '(You)' without Delete. */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { User } from '@/lib/types';
import { Badge, columnsOf, DeleteAction, EditAction, nowrap, RowActions, tone } from '../../lib/table';
import { formatShortDate } from '../../lib/ui';
import { formatPhone } from '@/lib/phone-format';
import { ROLE_NAMES } from '../../lib/names';

const column = columnsOf<User>();

function UserCell({ user, self }: { user: User; self: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
        {(user.name || user.email || '?').charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {user.name}
          {self && (
            <span className="ml-1 font-medium text-brand-800">
              <Trans>(You)</Trans>
            </span>
          )}
        </p>
        <p className="text-stone-700">{user.email}</p>
        <p className="text-stone-600">{formatPhone(user.phone)}</p>
      </div>
    </div>
  );
}

export function usersTable({ me, onEdit, onDelete }: { me: User | null; onEdit: (user: User) => void; onDelete: (user: User) => void }) {
  const isMe = (u: User) => me?._id === u._id;
  return {
    columns: [
      column(t`User`, (u) => <UserCell user={u} self={isMe(u)} />, { phone: 'title' }),
      column(t`Role`, (u) => <Badge colour={u.role === 'user' ? tone.grey : tone.purple}>{ROLE_NAMES[u.role]}</Badge>, { ...nowrap, phone: 'aside' }),
      column(t`Joined`, (u) => formatShortDate(u.createdAt), nowrap),
      column(t`Actions`, (u) => (
        <RowActions>
          <EditAction target={u.name} onClick={() => onEdit(u)} />
          {!isMe(u) && <DeleteAction target={u.name} onClick={() => onDelete(u)} />}
        </RowActions>
      ), { phone: 'actions' }),
    ],
    rowProps: (u: User) => ({
      'data-testid': 'user-row',
      'aria-current': isMe(u) ? ('true' as const) : undefined,
      className: isMe(u) ? 'bg-brand-50' : undefined,
    }),
  };
}
