/** Each role as the shop names it to people (the profile's account type, the back office's users). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n';
import { everyMember } from './enums';
import type { Role } from './types';

/** The roles, from a customer to the staff's: the order of the back office's lists and selects. */
export const ROLES = everyMember<Role>()(['user', 'admin', 'orders', 'stock', 'rider']);

export const ROLE_MESSAGES: Readonly<Record<Role, MessageDescriptor>> = {
  user: msg`Customer`,
  admin: msg`Admin`,
  orders: msg`Order handler`,
  stock: msg`Stock keeper`,
  rider: msg`Rider`,
};

/** `role`'s name in the language shown. */
export const roleName = (role: Role): string => i18n._(ROLE_MESSAGES[role]);
