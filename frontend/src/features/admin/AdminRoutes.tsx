/**
 * The admin area: one lazily loaded module (layout with a sidebar and its pages), so
 * shoppers never download it. The screens themselves are placeholders for now; they will
 * use the shared hooks (products, orders, users, settings) of the other features.
 */
import type { ReactNode } from 'react';
import { NavLink, Link, Outlet, Route, Routes } from 'react-router';
import { useSession } from '@/stores/session';

const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/reports', label: 'Reports' },
];

function AdminLayout() {
  return (
    <div className="min-h-screen bg-stone-100 md:flex">
      <aside className="bg-stone-900 text-stone-200 md:min-h-screen md:w-60 md:shrink-0">
        <div className="flex items-center justify-between px-4 py-4 md:block">
          <Link to="/admin" className="text-lg font-bold text-white">
            Admin
          </Link>
          <Link to="/" className="text-sm text-stone-300 hover:text-white md:mt-1 md:block">
            ← Back to shop
          </Link>
        </div>
        <nav aria-label="Admin" className="overflow-x-auto">
          <ul className="flex gap-1 px-2 pb-3 md:flex-col md:pb-0">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'hover:bg-stone-800'}`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className="flex-1 p-4 sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}

function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
      <p className="mt-6 rounded-xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">This screen is coming soon.</p>
    </section>
  );
}

function DashboardPlaceholder() {
  const name = useSession((s) => s.user?.name ?? '');
  return (
    <Placeholder title="Admin Dashboard">
      <p className="mt-1 text-stone-600">Welcome back, {name}!</p>
    </Placeholder>
  );
}

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPlaceholder />} />
        <Route path="products" element={<Placeholder title="Products" />} />
        <Route path="orders" element={<Placeholder title="Orders" />} />
        <Route path="users" element={<Placeholder title="Users" />} />
        <Route path="settings" element={<Placeholder title="Settings" />} />
        <Route path="reports" element={<Placeholder title="Reports" />} />
        <Route path="*" element={<Placeholder title="Not found" />} />
      </Route>
    </Routes>
  );
}
