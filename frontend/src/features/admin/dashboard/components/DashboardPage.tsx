/** Admin dashboard (/admin): figures, charts, recent orders and quick actions from GET /api/admin/stats. */
import { lazy, Suspense, useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { OrderStatusBadge } from '@/components/ui/StatusBadge';
import { PageLoading, Spinner } from '@/components/ui/Spinner';
import type { AdminPageName } from '@/lib/admin-paths';
import { formatPrice, orderNumber } from '@/lib/format';
import { paymentMethodName } from '@/payments/names';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session';
import { useMayOpen } from '../../lib/access';
import { logError } from '../../lib/errors';
import { adminPath } from '../../lib/links';
import { columnsOf, DataTable } from '../../lib/table';
import { admin, formatCount, formatShortDate } from '../../lib/ui';
import { useAdminStats } from '../api/stats';

const DashboardCharts = lazy(() => import('./DashboardCharts'));


/** Each to a page (`page`): only those the signed-in person may open are shown. Their words are drawn in the language shown. */
const QUICK_ACTIONS: { page: AdminPageName; label: MessageDescriptor; text: MessageDescriptor }[] = [
  { page: 'products', label: msg`Manage Products`, text: msg`Add, edit and remove products` },
  { page: 'orders', label: msg`Manage Orders`, text: msg`Review orders and update their status` },
  { page: 'users', label: msg`Manage Users`, text: msg`Customers and administrators` },
  { page: 'reports', label: msg`View Reports`, text: msg`Sales, orders and top products` },
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
/** The recent orders' columns, in the language shown. */
const recentOrderColumns = () => [
  column(t`Order ID`, (o) => orderNumber(o), { td: 'font-mono', phone: 'title' }),
  column(t`Customer`, (o) => o.userId?.name || t`N/A`),
  column(t`Amount`, (o) => formatPrice(o.totalAmount)),
  column(t`Payment`, (o) => paymentMethodName(o.paymentMethod)),
  column(t`Status`, (o) => <OrderStatusBadge status={o.status} />, { phone: 'aside' }),
  column(t`Date`, (o) => formatShortDate(o.createdAt)),
];

function RecentOrders({ orders }: { orders: Order[] }) {
  const { t } = useLingui();
  const mayOpen = useMayOpen();
  return (
    <section aria-labelledby="recent-orders" className={admin.card}>
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-orders" className="text-lg font-semibold">
          <Trans>Recent Orders</Trans>
        </h2>
        {mayOpen('orders') && (
          <Link to="/admin/orders" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
            <Trans>View All</Trans>
          </Link>
        )}
      </div>
      <DataTable name={t`Recent orders`} rows={orders} columns={recentOrderColumns()} className="mt-4" inCard />
    </section>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Admin Dashboard`);
  const name = useSession((s) => s.user?.name ?? '');
  const stats = useAdminStats();
  const mayOpen = useMayOpen();
  const quickActions = QUICK_ACTIONS.filter((a) => mayOpen(a.page));

  const loadFailed = t`Failed to load dashboard data. Please try again.`;
  useEffect(() => {
    if (stats.isError) {
      logError('Failed to load dashboard data', stats.error);
      toast.error(loadFailed, { toastId: 'dashboard-load-failed' });
    }
  }, [stats.isError, stats.error, loadFailed]);

  let body;
  if (stats.isPending) {
    body = <PageLoading text={t`Loading dashboard...`} />;
  } else if (stats.isError) {
    body = (
      <RetryAlert className="mt-8" title={t`Oops! Something went wrong`} onRetry={() => void stats.refetch()}>
        {loadFailed}
      </RetryAlert>
    );
  } else {
    const s = stats.data;
    const recent = s.recentOrders ?? [];
    body = (
      <div className="mt-6 space-y-6">
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label={t`Total Products`} value={formatCount(s.totalProducts ?? 0)} />
          <StatCard label={t`Total Orders`} value={formatCount(s.totalOrders ?? 0)} />
          <StatCard label={t`Pending Orders`} value={formatCount(s.pendingOrders ?? 0)} />
          <StatCard
            label={t`Total Revenue`}
            value={formatPrice(s.totalRevenue)}
            sub={t`${{ amount: formatPrice(s.monthlyRevenue) }} this month`}
          />
        </dl>
        <Suspense fallback={<Spinner label={t`Loading charts`} />}>
          <DashboardCharts stats={s} />
        </Suspense>
        {recent.length > 0 && <RecentOrders orders={recent} />}
        <section aria-labelledby="quick-actions" hidden={quickActions.length === 0}>
          <h2 id="quick-actions" className="text-lg font-semibold">
            <Trans>Quick Actions</Trans>
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {quickActions.map((a) => (
              <li key={a.page}>
                <Link
                  to={adminPath(a.page)}
                  className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 transition hover:ring-brand-300"
                >
                  <span className="block font-semibold text-brand-800">{i18n._(a.label)}</span>
                  <span className="mt-1 block text-sm text-stone-600">{i18n._(a.text)}</span>
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
      <h1 className={admin.pageTitle}>
        <Trans>Admin Dashboard</Trans>
      </h1>
      <p className="mt-1 text-stone-600">
        <Trans>Welcome back, {name}!</Trans>
      </p>
      {body}
    </section>
  );
}
