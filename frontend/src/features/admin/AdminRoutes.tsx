/**
 * The admin area: one lazily loaded module behind the admin guard, so shoppers never
 * download it. Each screen is a further lazy chunk, so the charts (recharts) load only
 * with the dashboard and the reports; the page an admin opens is loaded before the first
 * render (`preloadPage`), so it appears without a loading step.
 */
import { Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Route, Routes } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { ADMIN_PAGE_NAMES, ADMIN_PAGE_ROUTES, adminPageAt, mayOpenAdminPage, type AdminPageName } from '@/lib/admin-paths';
import { preloadable } from '@/lib/preloadable';
import type { Permission } from '@/lib/types';
import { useSession } from '@/stores/session';
import { AdminLayout } from './components/AdminLayout';
import { RoleDenied } from './components/RoleDenied';
import { adminLanguageReady, useAdminLanguage } from './i18n';

const DashboardPage = preloadable(() => import('./dashboard/components/DashboardPage'));
const ProductsPage = preloadable(() => import('./products/components/ProductsPage'));
const RestockRequestsPage = preloadable(() => import('./restock/components/RestockRequestsPage'));
const OrdersPage = preloadable(() => import('./orders/components/OrdersPage'));
const OrderPage = preloadable(() => import('./orders/components/OrderPage'));
const NewOrderPage = preloadable(() => import('./phone-orders/components/NewOrderPage'));
const DeliveriesPage = preloadable(() => import('./deliveries/components/DeliveriesPage'));
const RunSheetPage = preloadable(() => import('./deliveries/components/RunSheetPage'));
const RidersCashPage = preloadable(() => import('./deliveries/components/RidersCashPage'));
const UsersPage = preloadable(() => import('./users/components/UsersPage'));
const DiscountsPage = preloadable(() => import('./discounts/components/DiscountsPage'));
const ReturnsPage = preloadable(() => import('./returns/components/ReturnsPage'));
const ReviewsPage = preloadable(() => import('./reviews/components/ReviewsPage'));
const NotificationsPage = preloadable(() => import('./notifications/components/NotificationsPage'));
const DeliveryZonesPage = preloadable(() => import('./delivery/components/DeliveryZonesPage'));
const SettingsPage = preloadable(() => import('./settings/components/SettingsPage'));
const PaymentsPage = preloadable(() => import('./payments/components/PaymentsPage'));
const ReconciliationPage = preloadable(() => import('./payments/components/ReconciliationPage'));
const ReportsPage = preloadable(() => import('./reports/components/ReportsPage'));
/** The home of staff who do not read reports (the dashboard's figures are reports). */
const StaffHome = preloadable(() => import('./dashboard/components/StaffHome'));

/** Every admin page, by its path under /admin. */
const PAGES: Record<AdminPageName, ReturnType<typeof preloadable>> = {
  '': DashboardPage,
  products: ProductsPage,
  restock: RestockRequestsPage,
  orders: OrdersPage,
  order: OrderPage,
  newOrder: NewOrderPage,
  deliveries: DeliveriesPage,
  runSheet: RunSheetPage,
  ridersCash: RidersCashPage,
  users: UsersPage,
  discounts: DiscountsPage,
  returns: ReturnsPage,
  reviews: ReviewsPage,
  notifications: NotificationsPage,
  delivery: DeliveryZonesPage,
  settings: SettingsPage,
  payments: PaymentsPage,
  reconciliation: ReconciliationPage,
  reports: ReportsPage,
};

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
 * it (ADMIN_PAGE_PERMISSIONS); otherwise the staff home at /admin and the access-denied page
 * anywhere else (`null`). The page that is not allowed is never drawn, so none of its data is
 * asked for.
 */
function pageFor(name: AdminPageName, permissions: readonly Permission[] | undefined) {
  if (mayOpenAdminPage(name, permissions)) return PAGES[name];
  return name === '' ? StaffHome : null;
}

/** What `pageFor` says is drawn at page `name`, for the signed-in person. */
function AdminPage({ name }: { name: AdminPageName }) {
  const permissions = useSession((s) => s.user?.permissions);
  if (mayOpenAdminPage(name, permissions)) {
    const Page = PAGES[name];
    return <Page />;
  }
  return name === '' ? <StaffHome /> : <RoleDenied />;
}

export default function AdminRoutes() {
  // Until its texts have arrived in the person's language, a loading state, not a page half in English.
  const user = useSession((s) => s.user);
  if (!useAdminLanguage(user)) return <Spinner />;
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {ADMIN_PAGE_NAMES.map((name) => {
          const element = (
            <Suspense fallback={<Spinner />}>
              <AdminPage name={name} />
            </Suspense>
          );
          return name === '' ? <Route key="" index element={element} /> : <Route key={name} path={ADMIN_PAGE_ROUTES[name]} element={element} />;
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
