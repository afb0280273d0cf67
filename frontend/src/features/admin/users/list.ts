/** The admin user list (GET /api/users): search over name, e-mail and phone, and the role. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { userKeys } from '@/lib/query-keys';
import { ROLES } from '@/lib/roles';
import type { Role, User } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const USERS_LOAD_FAILED = msg`Failed to load users`;

/** Each role's people, as the role filter names them. */
const ROLE_FILTERS: Record<Role, MessageDescriptor> = {
  user: msg`Customers`,
  admin: msg`Admins`,
  orders: msg`Order handlers`,
  stock: msg`Stock keepers`,
  rider: msg`Riders`,
};

export const ROLE_OPTIONS: readonly FilterOption<Role | ''>[] = [choice('', msg`All roles`), ...ROLES.map((role) => choice(role, ROLE_FILTERS[role]))];

export const usersList = defineList<User>()({
  path: '/users',
  keys: userKeys.admin,
  filters: { q: text(), role: oneOf(ROLES) },
  failure: { message: USERS_LOAD_FAILED, log: 'Failed to load users' },
});
