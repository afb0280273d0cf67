/**
 * The admin pages' names, paths and permissions: the one list of them, shared by the early
 * request (its code preloads) and the admin area, whose AdminRoutes.tsx gives each page (by the
 * same name, or tsc fails) its screen and sidebar link.
 */
import type { Permission } from './types';

/**
 * Every admin page by name, with its route under /admin and the permission it needs: the one
 * the server checks on the calls that draw it (the list's or the figures'). '' is the home,
 * 'order' one order's page, 'newOrder' an order taken by phone or chat, 'runSheet' a rider's
 * printable run sheet, 'restock' the sold-out sizes shoppers wait for, 'payments' every charge
 * the shop started, late money and mismatches, 'reconciliation' a day's payments per provider
 * and currency.
 *
 * The sidebar lists only the pages the signed-in person may open, and opening another shows the
 * access-denied page, asking the server nothing. The home is the dashboard for whoever reads
 * reports and the staff home for anyone else in the back office.
 *
 * A page's buttons that need its own permission (Add New Product, Edit and Delete on Products:
 * products.manage, as the size grid's stock) come with the page; those that need another are
 * drawn only for whoever has it (lib/permissions.ts' useCan): Update Status, Mark as paid and an
 * unanswered refund's resolutions need orders.update, a return's steps returns.manage, the audit
 * trail on Reports audit.read, a link to an order's page orders.read, the orders list's New order
 * orders.create.
 */
export const ADMIN_PAGES = {
  '': { route: '', permission: 'reports.read' },
  products: { route: 'products', permission: 'products.manage' },
  restock: { route: 'restock-requests', permission: 'products.manage' },
  orders: { route: 'orders', permission: 'orders.read' },
  order: { route: 'orders/:id', permission: 'orders.read' },
  newOrder: { route: 'orders/new', permission: 'orders.create' },
  deliveries: { route: 'deliveries', permission: 'deliveries.dispatch' },
  runSheet: { route: 'deliveries/run-sheet', permission: 'deliveries.dispatch' },
  ridersCash: { route: 'riders-cash', permission: 'cash.receive' },
  users: { route: 'users', permission: 'users.manage' },
  discounts: { route: 'discounts', permission: 'discounts.manage' },
  returns: { route: 'returns', permission: 'returns.manage' },
  reviews: { route: 'reviews', permission: 'reviews.moderate' },
  notifications: { route: 'notifications', permission: 'notifications.manage' },
  delivery: { route: 'delivery', permission: 'settings.manage' },
  settings: { route: 'settings', permission: 'settings.manage' },
  payments: { route: 'payments', permission: 'money.read' },
  reconciliation: { route: 'payments/reconciliation', permission: 'money.read' },
  reports: { route: 'reports', permission: 'reports.read' },
} as const satisfies Record<string, { route: string; permission: Permission }>;
export type AdminPageName = keyof typeof ADMIN_PAGES;
export const ADMIN_PAGE_NAMES = Object.keys(ADMIN_PAGES) as AdminPageName[];

/**
 * The admin page at `pathname` ('/admin/orders' is 'orders', '/admin/orders/new' 'newOrder',
 * '/admin/orders/{id}' 'order', '/admin' ''), as the router picks it: a route spelled out before
 * one with a `:param`, which takes any one segment; null for any other path.
 */
export function adminPageAt(pathname: string): AdminPageName | null {
  const match = /^\/admin(?:\/(.*?))?\/?$/.exec(pathname);
  if (!match) return null;
  const path = match[1] ?? '';
  const route = (page: AdminPageName) => ADMIN_PAGES[page].route;
  const takes = (page: AdminPageName) => RegExp(`^${route(page).replace(/:\w+/g, '[^/]+')}$`).test(path);
  return ADMIN_PAGE_NAMES.find((page) => route(page) === path) ?? ADMIN_PAGE_NAMES.find(takes) ?? null;
}
