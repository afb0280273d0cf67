/** The admin pages' paths, shared by the early request (its code preloads) and the admin area. */

/** The admin pages by their path under /admin ('' is the dashboard). */
export const ADMIN_PAGE_NAMES = ['', 'products', 'orders', 'users', 'discounts', 'settings', 'reports'] as const;
export type AdminPageName = (typeof ADMIN_PAGE_NAMES)[number];

/** The admin page at `pathname` ('/admin/orders' is 'orders', '/admin' is ''); null for any other path. */
export function adminPageAt(pathname: string): AdminPageName | null {
  const match = /^\/admin(?:\/([a-z]*))?\/?$/.exec(pathname);
  if (!match) return null;
  return ADMIN_PAGE_NAMES.find((page) => page === (match[1] ?? '')) ?? null;
}
