/** Admin dashboard (/admin): figures, charts, recent orders and quick actions from GET /api/admin/stats. */
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { OrderStatusBadge } from '@/components/ui/StatusBadge';
import { PageLoading, Spinner } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import type { AdminPageName } from '@/lib/admin-paths';
import { formatPrice } from '@/lib/format';
import { paymentMethodName } from '@/lib/payment-methods';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session';
import { useMayOpen } from '../../lib/access';
import { logError } from '../../lib/errors';
import { columnsOf, DataTable } from '../../lib/table';
import { admin, formatShortDate } from '../../lib/ui';
import { useAdminStats } from '../api/stats';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data. Please try again.';

/** Dashboard order ids: the last 8 characters prefixed with #. */
export const dashboardOrderId = (id: string) => `#${id.slice(-8)}`;

/** Each to a page (`page`): only those the signed-in person may open are shown. */
const QUICK_ACTIONS: { page: AdminPageName; to: string; label: string; text: string }[] = [
  { page: 'products', to: '/admin/products', label: 'Manage Products', text: 'Add, edit and remove products' },
  { page: 'orders', to: '/admin/orders', label: 'Manage Orders', text: 'Review orders and update their status' },
  { page: 'users', to: '/admin/users', label: 'Manage Users', text: 'Customers and administrators' },
  { page: 'reports', to: '/admin/reports', label: 'View Reports', text: 'Sales, orders and top products' },
];

function StatCard({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className={admin.card}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-stone-900">{value}</dd>
      {sub && <dd className="mt-1 text-sm text-stone-600">{sub}</dd>}
    </div>
  );
}

const column = columnsOf<Order>();
const RECENT_ORDER_COLUMNS = [
  column('Order ID', (o) => dashboardOrderId(o._id), { td: 'font-mono' }),
  column('Customer', (o) => o.userId?.name || 'N/A'),
  column('Amount', (o) => formatPrice(o.totalAmount)),
  column('Payment', (o) => paymentMethodName(o.paymentMethod)),
  column('Status', (o) => <OrderStatusBadge status={o.status} />),
  column('Date', (o) => formatShortDate(o.createdAt)),
];

function RecentOrders({ orders }: { orders: Order[] }) {
  const mayOpen = useMayOpen();
  return (
    <section aria-labelledby="recent-orders" className={admin.card}>
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-orders" className="text-lg font-semibold">
          Recent Orders
        </h2>
        {mayOpen('orders') && (
          <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 hover:underline">
            View All
          </Link>
        )}
      </div>
      <DataTable name="Recent orders" rows={orders} columns={RECENT_ORDER_COLUMNS} className="mt-4" inCard />
    </section>
  );
}

export default function DashboardPage() {
  usePageTitle('Admin Dashboard');
  const name = useSession((s) => s.user?.name ?? '');
  const stats = useAdminStats();
  const mayOpen = useMayOpen();
  const quickActions = QUICK_ACTIONS.filter((a) => mayOpen(a.page));

  useEffect(() => {
    if (stats.isError) {
      logError('Failed to load dashboard data', stats.error);
      toast.error(DASHBOARD_LOAD_FAILED, { toastId: DASHBOARD_LOAD_FAILED });
    }
  }, [stats.isError, stats.error]);

  let body;
  if (stats.isPending) {
    body = <PageLoading text="Loading dashboard..." />;
  } else if (stats.isError) {
    body = (
      <div role="alert" className="mt-8 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-red-200">
        <h2 className="text-xl font-semibold text-red-800">Oops! Something went wrong</h2>
        <p className="mt-2 text-stone-700">{DASHBOARD_LOAD_FAILED}</p>
        <button type="button" className={`${btn.primary} mt-6`} onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          Try Again
        </button>
      </div>
    );
  } else {
    const s = stats.data;
    const recent = s.recentOrders ?? [];
    body = (
      <div className="mt-6 space-y-6">
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Total Products" value={String(s.totalProducts ?? 0)} />
          <StatCard label="Total Orders" value={String(s.totalOrders ?? 0)} />
          <StatCard label="Pending Orders" value={String(s.pendingOrders ?? 0)} />
          <StatCard
            label="Total Revenue"
            value={formatPrice(s.totalRevenue)}
            sub={`${formatPrice(s.monthlyRevenue)} this month`}
          />
        </dl>
        <Suspense fallback={<Spinner label="Loading charts" />}>
          <DashboardCharts stats={s} />
        </Suspense>
        {recent.length > 0 && <RecentOrders orders={recent} />}
        <section aria-labelledby="quick-actions" hidden={quickActions.length === 0}>
          <h2 id="quick-actions" className="text-lg font-semibold">
            Quick Actions
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {quickActions.map((a) => (
              <li key={a.to}>
                <Link
                  to={a.to}
                  className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 transition hover:ring-brand-300"
                >
                  <span className="block font-semibold text-brand-800">{a.label}</span>
                  <span className="mt-1 block text-sm text-stone-600">{a.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  }

  return (
    <section>
      <h1 className={admin.pageTitle}>Admin Dashboard</h1>
      <p className="mt-1 text-stone-600">Welcome back, {name}!</p>
      {body}
    </section>
  );
}
