/** Revenue per day (recharts, in this lazily loaded chunk only). */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice } from '@/lib/format';
import { BRAND } from '../../lib/charts';

const short = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

export default function RevenueChart({ data }: { data: { date: string; revenue: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 288 }}>
      <BarChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="date" tickFormatter={short} stroke="#57534e" minTickGap={16} />
        <YAxis stroke="#57534e" tickFormatter={(v: number) => `$${v}`} />
        <Tooltip labelFormatter={(l) => short(String(l))} formatter={(v) => [formatPrice(Number(v)), 'Revenue']} />
        <Bar isAnimationActive={false} dataKey="revenue" fill={BRAND} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
