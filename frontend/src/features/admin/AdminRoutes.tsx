/**
 * The admin area: one lazily loaded module behind the admin guard, so shoppers never
 * download it. Each screen is a further lazy chunk, so the charts (recharts) load only
 * with the dashboard and the reports.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { AdminLayout } from './components/AdminLayout';

const DashboardPage = lazy(() => import('./dashboard/components/DashboardPage'));
const ProductsPage = lazy(() => import('./products/components/ProductsPage'));
const OrdersPage = lazy(() => import('./orders/components/OrdersPage'));
const UsersPage = lazy(() => import('./users/components/UsersPage'));
const SettingsPage = lazy(() => import('./settings/components/SettingsPage'));
const ReportsPage = lazy(() => import('./reports/components/ReportsPage'));

const page = (element: React.ReactNode) => <Suspense fallback={<Spinner label="Loading" />}>{element}</Suspense>;

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={page(<DashboardPage />)} />
        <Route path="products" element={page(<ProductsPage />)} />
        <Route path="orders" element={page(<OrdersPage />)} />
        <Route path="users" element={page(<UsersPage />)} />
        <Route path="settings" element={page(<SettingsPage />)} />
        <Route path="reports" element={page(<ReportsPage />)} />
        <Route path="*" element={<EmptyState title="Page not found" text="This admin page does not exist." />} />
      </Route>
    </Routes>
  );
}
