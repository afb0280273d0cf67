/** The admin pages' paths, shared by the early request (its code preloads) and the admin area. */
import type { Permission } from './types';

/** The admin pages by name, each with its route under /admin ('' is the dashboard; 'order' is one order's page; 'newOrder' an order taken by phone or chat; 'runSheet' a rider's printable run sheet; 'restock' the sold-out sizes shoppers wait for; 'payments' every charge the shop started, late money and mismatches; 'reconciliation' a day's payments per provider and currency). */
export const ADMIN_PAGE_ROUTES = {
  '': '',
  products: 'products',
  restock: 'restock-requests',
  orders: 'orders',
  order: 'orders/:id',
  newOrder: 'orders/new',
  deliveries: 'deliveries',
  runSheet: 'deliveries/run-sheet',
  ridersCash: 'riders-cash',
  users: 'users',
  discounts: 'discounts',
  returns: 'returns',
  reviews: 'reviews',
  notifications: 'notifications',
  delivery: 'delivery',
  settings: 'settings',
  payments: 'payments',
  reconciliation: 'payments/reconciliation',
  reports: 'reports',
} as const;
export type AdminPageName = keyof typeof ADMIN_PAGE_ROUTES;
export const ADMIN_PAGE_NAMES = Object.keys(ADMIN_PAGE_ROUTES) as AdminPageName[];

/**
 * The permission each page needs: the one the server checks on the calls that draw it (the
 * list's or the figures'). The sidebar lists only the pages the signed-in person may open, and
 * opening another shows the access-denied page, asking the server nothing. The home ('') is the
 * dashboard for whoever reads reports and the staff home for anyone else in the back office.
 *
 * A page's buttons that need its own permission (Add New Product, Edit and Delete on Products:
 * products.manage, as the size grid's stock) come with the page; those that need another are
 * drawn only for whoever has it (lib/permissions.ts' useCan): Update Status, Mark as paid and an
 * unanswered refund's resolutions need orders.update, a return's steps returns.manage, the audit
 * trail on Reports audit.read, a link to an order's page orders.read, the orders list's New order
 * orders.create.
 */
export const ADMIN_PAGE_PERMISSIONS: Record<AdminPageName, Permission> = {
  '': 'reports.read',
  products: 'products.manage',
  restock: 'products.manage',
  orders: 'orders.read',
  order: 'orders.read',
  newOrder: 'orders.create',
  deliveries: 'deliveries.dispatch',
  runSheet: 'deliveries.dispatch',
  ridersCash: 'cash.receive',
  users: 'users.manage',
  discounts: 'discounts.manage',
  returns: 'returns.manage',
  reviews: 'reviews.moderate',
  notifications: 'notifications.manage',
  delivery: 'settings.manage',
  settings: 'settings.manage',
  payments: 'money.read',
  reconciliation: 'money.read',
  reports: 'reports.read',
};

/** Whether someone with `permissions` (the server's answer, GET /api/auth/me) may open `page`. */
export function mayOpenAdminPage(page: AdminPageName, permissions: readonly Permission[] | undefined): boolean {
  return Array.isArray(permissions) && permissions.includes(ADMIN_PAGE_PERMISSIONS[page]);
}

/**
 * The admin page at `pathname` ('/admin/orders' is 'orders', '/admin/orders/new' 'newOrder',
 * '/admin/orders/{id}' 'order', '/admin/deliveries/run-sheet' 'runSheet', '/admin/payments/reconciliation'
 * 'reconciliation', '/admin' ''); null
 * for any other path.
 */
export function adminPageAt(pathname: string): AdminPageName | null {
  if (/^\/admin\/orders\/(?!new\/?$)[^/]+\/?$/.test(pathname)) return 'order';
  const match = /^\/admin(?:\/([a-z-]*(?:\/[a-z-]+)?))?\/?$/.exec(pathname);
  if (!match) return null;
  return ADMIN_PAGE_NAMES.find((page) => ADMIN_PAGE_ROUTES[page] === (match[1] ?? '')) ?? null;
}
