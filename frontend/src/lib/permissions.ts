/**
 * What the signed-in person may do, as the server says it: the `permissions` of the user that
 * GET /api/auth/me and the sign-in reply carry. Screens ask `can('orders.update')` and never
 * read the role, so which role may do what stays the server's one table
 * (domain/src/permissions.rs); a role changed there needs nothing changed here.
 *
 * The server checks every call anyway: this only keeps the back office from offering what
 * would be refused.
 */
import { useCallback } from 'react';
import { useSession } from '@/stores/session';
import type { Permission, User } from './types';

export type { Permission };

/** The permissions of `user`; undefined for a user stored before the server sent them (see `permissionsKnown`). */
function permissionsOf(user: Pick<User, 'permissions'> | null | undefined): readonly Permission[] | undefined {
  return Array.isArray(user?.permissions) ? user.permissions : undefined;
}

/** Whether `user` may do `permission`. */
export function can(user: Pick<User, 'permissions'> | null | undefined, permission: Permission): boolean {
  return permissionsOf(user)?.includes(permission) ?? false;
}

/** Whether `user` has any part of the back office (a customer has none). */
export function worksInBackOffice(user: Pick<User, 'permissions'> | null | undefined): boolean {
  return (permissionsOf(user)?.length ?? 0) > 0;
}

/**
 * Whether the server's answer is known for `user`: a session stored before the server sent
 * permissions lacks them until GET /api/auth/me has answered (lib/api/users.ts refreshes the
 * stored user once per session).
 */
export function permissionsKnown(user: Pick<User, 'permissions'> | null | undefined): boolean {
  return permissionsOf(user) !== undefined;
}

/** `can` for the signed-in person: the component draws again when their permissions change. */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useSession((s) => s.user?.permissions);
  return useCallback((permission: Permission) => Array.isArray(permissions) && permissions.includes(permission), [permissions]);
}

/** Whether the signed-in person works in the back office (see `worksInBackOffice`). */
export function useWorksInBackOffice(): boolean {
  return useSession((s) => worksInBackOffice(s.user));
}
