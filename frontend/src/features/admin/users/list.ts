/** The admin user list (GET /api/users): search over name, e-mail and phone, and the role. */
import { userKeys } from '@/lib/query-keys';
import type { Role, User } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';

export const USERS_LOAD_FAILED = 'Failed to load users';

export const ROLE_OPTIONS: readonly FilterOption<Role | ''>[] = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Customers' },
  { value: 'admin', label: 'Admins' },
  { value: 'orders', label: 'Order handlers' },
  { value: 'stock', label: 'Stock keepers' },
  { value: 'rider', label: 'Riders' },
];

/** Each role as the back office names it. */
export const ROLE_NAMES: Record<Role, string> = {
  user: 'Customer',
  admin: 'Admin',
  orders: 'Order handler',
  stock: 'Stock keeper',
  rider: 'Rider',
};

export const usersList = defineList<User>()({
  path: '/users',
  keys: userKeys.admin,
  filters: { q: text(), role: oneOf(['user', 'admin', 'orders', 'stock', 'rider'] as const satisfies readonly Role[]) },
  failure: { message: USERS_LOAD_FAILED, log: USERS_LOAD_FAILED },
});
