/** The admin user list (GET /api/users): search over name, e-mail and phone, and the role. */
import { msg } from '@lingui/core/macro';
import { userKeys } from '@/lib/query-keys';
import { ROLE_MESSAGES } from '@/lib/roles';
import type { Role, User } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';
import { choice, translated } from '../lib/translated';

export const USERS_LOAD_FAILED = msg`Failed to load users`;

export const ROLE_OPTIONS: readonly FilterOption<Role | ''>[] = [
  choice('', msg`All roles`),
  choice('user', msg`Customers`),
  choice('admin', msg`Admins`),
  choice('orders', msg`Order handlers`),
  choice('stock', msg`Stock keepers`),
  choice('rider', msg`Riders`),
];

/** Each role as the shop names it (lib/roles.ts), read in the language shown. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = translated(ROLE_MESSAGES);

export const usersList = defineList<User>()({
  path: '/users',
  keys: userKeys.admin,
  filters: { q: text(), role: oneOf(['user', 'admin', 'orders', 'stock', 'rider'] as const satisfies readonly Role[]) },
  failure: { message: USERS_LOAD_FAILED, log: 'Failed to load users' },
});
