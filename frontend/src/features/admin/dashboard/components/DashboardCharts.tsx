/** The dashboard's two charts (recharts, in this lazily loaded chunk only). */
import { Cell, Legend, Line, LineChart, CartesianGrid, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { capitalize, formatPrice } from '@/lib/format';
import type { Stats } from '@/lib/types';
import { BRAND, OTHER_COLOR, STATUS_COLORS } from '../../lib/charts';
import { admin } from '../../lib/ui';

const STATUSES = ['pending', 'shipped', 'delivered', 'canceled'];

export default function DashboardCharts({ stats }: { stats: Stats }) {
  const months = stats.revenueByMonth ?? [];
  const counts = STATUSES.map((s) => ({ name: capitalize(s), key: s, value: stats.statusCounts?.[s] ?? 0 }));
  const anyOrders = counts.some((c) => c.value > 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className={admin.card}>
        <figcaption className="text-lg font-semibold">Revenue Trend</figcaption>
        <p className="text-sm text-stone-600">Last 6 months</p>
        <div className="mt-4 h-72" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 288 }}>
            <LineChart data={months} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
              <XAxis dataKey="label" stroke="#57534e" />
              <YAxis stroke="#57534e" tickFormatter={(v: number) => `$${v}`} />
              <Tooltip formatter={(v) => [formatPrice(Number(v)), 'Revenue']} />
              <Line isAnimationActive={false} type="monotone" dataKey="revenue" stroke={BRAND} strokeWidth={3} dot={{ r: 4 }} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Revenue by month</caption>
          <tbody>
            {months.map((m) => (
              <tr key={m.label}>
                <th scope="row">{m.label}</th>
                <td>{formatPrice(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure className={admin.card}>
        <figcaption className="text-lg font-semibold">Order Status Distribution</figcaption>
        <div className="mt-4 h-72" aria-hidden="true">
          {anyOrders ? (
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 288 }}>
              <PieChart>
                <Pie isAnimationActive={false} data={counts} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="85%" paddingAngle={2}>
                  {counts.map((c) => (
                    <Cell key={c.key} fill={STATUS_COLORS[c.key] ?? OTHER_COLOR} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          ) : (
            <p className="flex h-full items-center justify-center text-stone-600">No orders yet</p>
          )}
        </div>
        <table className="sr-only">
          <caption>Orders by status</caption>
          <tbody>
            {counts.map((c) => (
              <tr key={c.key}>
                <th scope="row">{c.name}</th>
                <td>{c.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </div>
  );
}
