/** The admin pages' paths, shared by the early request (its code preloads) and the admin area. */

/** The admin pages by name, each with its route under /admin ('' is the dashboard; 'order' is one order's page). */
export const ADMIN_PAGE_ROUTES = {
  '': '',
  products: 'products',
  orders: 'orders',
  order: 'orders/:id',
  users: 'users',
  discounts: 'discounts',
  returns: 'returns',
  reviews: 'reviews',
  notifications: 'notifications',
  settings: 'settings',
  reports: 'reports',
} as const;
export type AdminPageName = keyof typeof ADMIN_PAGE_ROUTES;
export const ADMIN_PAGE_NAMES = Object.keys(ADMIN_PAGE_ROUTES) as AdminPageName[];

/** The admin page at `pathname` ('/admin/orders' is 'orders', '/admin/orders/{id}' 'order', '/admin' ''); null for any other path. */
export function adminPageAt(pathname: string): AdminPageName | null {
  if (/^\/admin\/orders\/[^/]+\/?$/.test(pathname)) return 'order';
  const match = /^\/admin(?:\/([a-z]*))?\/?$/.exec(pathname);
  if (!match) return null;
  return ADMIN_PAGE_NAMES.find((page) => ADMIN_PAGE_ROUTES[page] === (match[1] ?? '')) ?? null;
}
