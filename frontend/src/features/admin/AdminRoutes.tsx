/**
 * The admin area: one lazily loaded module behind the admin guard, so shoppers never
 * download it. Each screen is a further lazy chunk, so the charts (recharts) load only
 * with the dashboard and the reports; the page an admin opens is loaded before the first
 * render (`preloadPage`), so it appears without a loading step.
 *
 * The one place that composes the back office's areas (eslint.config.js fences each in): every
 * page of lib/admin-paths.ts' ADMIN_PAGES gets its screen and sidebar link here, by the same
 * name (a page left out fails tsc), and vite.config.ts preloads each screen's `import()`s.
 */
import { Suspense } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Route, Routes } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { ADMIN_PAGE_NAMES, ADMIN_PAGES, adminPageAt, type AdminPageName } from '@/lib/admin-paths';
import { preloadable } from '@/lib/preloadable';
import type { Permission } from '@/lib/types';
import { useSession } from '@/stores/session';
import { AdminLayout } from './components/AdminLayout';
import { RoleDenied } from './components/RoleDenied';
import { adminLanguageReady, useAdminLanguage } from './i18n';
import { mayOpenAdminPage, useMayOpen } from './lib/access';
import { adminPath, type AdminLink } from './lib/links';

/** What the back office draws for a page. */
interface AdminPage {
  screen: ReturnType<typeof preloadable>;
  /** Its sidebar link, and what the staff home says it is for; none for a page opened from another (an order, a run sheet). */
  link?: { label: MessageDescriptor; text?: MessageDescriptor };
}

const PAGES: Record<AdminPageName, AdminPage> = {
  '': {
    screen: preloadable(() => import('./dashboard/components/DashboardPage')),
    link: { label: msg`Dashboard` },
  },
  products: {
    screen: preloadable(() => import('./products/components/ProductsPage')),
    link: { label: msg`Products`, text: msg`Add and edit products, and their stock by size` },
  },
  restock: {
    screen: preloadable(() => import('./restock/components/RestockRequestsPage')),
    link: { label: msg`Restock requests`, text: msg`The sold-out sizes shoppers wait for: what to reorder` },
  },
  orders: {
    screen: preloadable(() => import('./orders/components/OrdersPage')),
    link: { label: msg`Orders`, text: msg`Review orders and update their status` },
  },
  // The order's returns and its payment attempts are the returns' and the payments' areas.
  order: {
    screen: preloadable(async () => {
      const [{ default: OrderPage }, { OrderReturns }, { OrderPayments }] = await Promise.all([
        import('./orders/components/OrderPage'),
        import('./returns/components/OrderReturns'),
        import('./payments/components/OrderPayments'),
      ]);
      return { default: () => <OrderPage Returns={OrderReturns} Payments={OrderPayments} /> };
    }),
  },
  newOrder: { screen: preloadable(() => import('./phone-orders/components/NewOrderPage')) },
  deliveries: {
    screen: preloadable(() => import('./deliveries/components/DeliveriesPage')),
    link: { label: msg`Deliveries`, text: msg`Send orders out with riders and print their run sheets` },
  },
  runSheet: { screen: preloadable(() => import('./deliveries/components/RunSheetPage')) },
  ridersCash: {
    screen: preloadable(() => import('./deliveries/components/RidersCashPage')),
    link: { label: msg`Riders' cash`, text: msg`The cash each rider collected, and marking it handed in` },
  },
  users: {
    screen: preloadable(() => import('./users/components/UsersPage')),
    link: { label: msg`Users`, text: msg`Customers, staff and their roles` },
  },
  discounts: {
    screen: preloadable(() => import('./discounts/components/DiscountsPage')),
    link: { label: msg`Discounts`, text: msg`Discount codes for sales` },
  },
  returns: {
    screen: preloadable(() => import('./returns/components/ReturnsPage')),
    link: { label: msg`Returns`, text: msg`Approve, receive and refund returns` },
  },
  reviews: {
    screen: preloadable(() => import('./reviews/components/ReviewsPage')),
    link: { label: msg`Reviews`, text: msg`Hide, show or delete customers' reviews` },
  },
  notifications: {
    screen: preloadable(() => import('./notifications/components/NotificationsPage')),
    link: { label: msg`Notifications`, text: msg`The e-mails and SMS the shop sends` },
  },
  delivery: {
    screen: preloadable(() => import('./delivery/components/DeliveryZonesPage')),
    link: { label: msg`Delivery zones`, text: msg`The places the shop delivers to, their fees and delivery times` },
  },
  settings: {
    screen: preloadable(() => import('./settings/components/SettingsPage')),
    link: { label: msg`Settings`, text: msg`The shop's name, contacts and shipping fee` },
  },
  payments: {
    screen: preloadable(() => import('./payments/components/PaymentsPage')),
    link: { label: msg`Payments`, text: msg`Every payment tried, and the late money and other amounts to check` },
  },
  reconciliation: { screen: preloadable(() => import('./payments/components/ReconciliationPage')) },
  reports: {
    screen: preloadable(() => import('./reports/components/ReportsPage')),
    link: { label: msg`Reports`, text: msg`Sales, orders and top products` },
  },
};

/** The home of staff who do not read reports (the dashboard's figures are reports). */
const StaffHome = preloadable(() => import('./dashboard/components/StaffHome'));

/** The sidebar's links, in ADMIN_PAGES' order. */
const ADMIN_LINKS: readonly AdminLink[] = ADMIN_PAGE_NAMES.flatMap((page) => {
  const { link } = PAGES[page];
  return link ? [{ page, to: adminPath(page), ...link }] : [];
});

/**
 * The links of the pages the signed-in person may open (ADMIN_PAGES' permissions, read against
 * the server's). The home is everyone's: the Dashboard for whoever reads reports, 'Home' (the
 * staff home) for anyone else.
 */
function useAdminLinks(): AdminLink[] {
  const mayOpen = useMayOpen();
  return ADMIN_LINKS.flatMap((l) => {
    if (l.page === '') return [mayOpen('') ? l : { ...l, label: msg`Home` }];
    return mayOpen(l.page) ? [l] : [];
  });
}

/**
 * Loads the code of the admin page at `pathname` (e.g. '/admin/orders'), if there is one, and
 * the back office's texts in the signed-in person's language.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const name = adminPageAt(pathname);
  const { user } = useSession.getState();
  const page = name === null ? null : pageFor(name, user?.permissions);
  await Promise.all([adminLanguageReady(user), page?.preload()]);
}

/**
 * What is drawn at page `name` for someone with `permissions`: the page when their role allows
 * it (ADMIN_PAGES' permission); otherwise the staff home at /admin and the access-denied page
 * anywhere else (`null`). The page that is not allowed is never drawn, so none of its data is
 * asked for.
 */
function pageFor(name: AdminPageName, permissions: readonly Permission[] | undefined) {
  if (mayOpenAdminPage(name, permissions)) return PAGES[name].screen;
  return name === '' ? StaffHome : null;
}

/** What `pageFor` says is drawn at page `name`, for the signed-in person. */
function AdminPage({ name, links }: { name: AdminPageName; links: readonly AdminLink[] }) {
  const permissions = useSession((s) => s.user?.permissions);
  if (mayOpenAdminPage(name, permissions)) {
    const Page = PAGES[name].screen;
    return <Page />;
  }
  return name === '' ? <StaffHome links={links} /> : <RoleDenied />;
}

export default function AdminRoutes() {
  const user = useSession((s) => s.user);
  const links = useAdminLinks();
  // Until its texts have arrived in the person's language, a loading state, not a page half in English.
  if (!useAdminLanguage(user)) return <Spinner />;
  return (
    <Routes>
      <Route element={<AdminLayout links={links} />}>
        {ADMIN_PAGE_NAMES.map((name) => {
          const element = (
            <Suspense fallback={<Spinner />}>
              <AdminPage name={name} links={links} />
            </Suspense>
          );
          return name === '' ? <Route key="" index element={element} /> : <Route key={name} path={ADMIN_PAGES[name].route} element={element} />;
        })}
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}

function AdminNotFound() {
  const { t } = useLingui();
  return <EmptyState level={1} title={t`Page not found`} text={t`This admin page does not exist.`} />;
}
