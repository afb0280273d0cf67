/** Route guards: sign-in and the back office. Both wait for the session to be restored. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { TypeOptions } from 'react-toastify';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n';
import { can, permissionsKnown, worksInBackOffice, type Permission } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/Spinner';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export interface LoginNotice {
  message: MessageDescriptor;
  type: TypeOptions;
}

/** What a signed-out visitor is told on each guarded page. */
export const LOGIN_NOTICES: Record<string, LoginNotice> = {
  '/cart': { message: msg`Please log in to view your cart`, type: 'warning' },
  '/wishlist': { message: msg`Please log in to view your wishlist`, type: 'info' },
  '/checkout': { message: msg`Please log in to proceed with checkout`, type: 'warning' },
};

function RedirectToLogin({ notice }: { notice?: LoginNotice }) {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const setReturnTo = useSession((s) => s.setReturnTo);
  useEffect(() => {
    setReturnTo(path);
    if (notice) toast(i18n._(notice.message), { type: notice.type, toastId: notice.message.id });
  }, [notice, path, setReturnTo]);
  return <Navigate to="/login" replace />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const isLoading = useSession((s) => s.isLoading);
  const signedIn = useSession(selectIsAuthenticated);
  const signedOutByUser = useSession((s) => s.signedOutByUser);
  const location = useLocation();
  if (isLoading) return <Spinner />;
  // Logging out on a guarded page: the logout itself goes home.
  if (!signedIn && signedOutByUser) return <Navigate to="/" replace />;
  if (!signedIn) return <RedirectToLogin notice={LOGIN_NOTICES[location.pathname]} />;
  return <>{children}</>;
}

function AccessDenied() {
  useEffect(() => {
    toast.error(t`Access denied. Admin privileges required.`, { toastId: 'access-denied' });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * The back office (/admin/*): anyone the server gives at least one back-office permission
 * (admin and staff); a customer is refused as SPEC.md says. Which screens inside a staff member
 * may open is the admin area's to say (features/admin/AdminRoutes.tsx).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isLoading = useSession((s) => s.isLoading);
  const signedIn = useSession(selectIsAuthenticated);
  const user = useSession((s) => s.user);
  const signedOutByUser = useSession((s) => s.signedOutByUser);
  if (isLoading) return <Spinner />;
  if (!signedIn && signedOutByUser) return <Navigate to="/" replace />;
  if (!signedIn) return <RedirectToLogin />;
  // A session stored before the server sent permissions: GET /api/auth/me is on its way.
  if (!permissionsKnown(user)) return <Spinner />;
  if (!worksInBackOffice(user)) return <AccessDenied />;
  return <>{children}</>;
}

/**
 * A storefront page for whoever has `permission` (the rider's /deliveries: `deliveries.own`):
 * signed in, the server's permissions known, and that one among them; anyone else is told
 * access is denied and sent home.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const user = useSession((s) => s.user);
  return (
    <RequireAuth>
      {!permissionsKnown(user) ? <Spinner /> : can(user, permission) ? children : <PermissionDenied />}
    </RequireAuth>
  );
}

function PermissionDenied() {
  useEffect(() => {
    toast.error(t`Access denied. This page is not part of your role.`, { toastId: 'access-denied' });
  }, []);
  return <Navigate to="/" replace />;
}
