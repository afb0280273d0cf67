/**
 * Revenue per day (recharts, in this lazily loaded chunk only): a named image in the tab order,
 * whose tooltip the arrow keys move from day to day. Its figures as text are the table of the
 * `ChartFigure` around it.
 */
import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice } from '@/lib/format';
import { BRAND, dayLabel, dollarTick } from '../../lib/charts';

const short = (date: string) => dayLabel(date);

export default function RevenueChart({ data }: { data: { date: string; revenue: number }[] }) {
  // The days, amounts and words in the language shown (drawn again when it changes).
  const { t } = useLingui();
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 288 }}>
      <BarChart data={data} role="img" aria-label={t`Revenue per day, bar chart`} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="date" tickFormatter={short} stroke="#57534e" minTickGap={16} />
        <YAxis stroke="#57534e" tickFormatter={dollarTick} />
        <Tooltip labelFormatter={(l) => short(String(l))} formatter={(v) => [formatPrice(Number(v)), t`Revenue`]} />
        <Bar isAnimationActive={false} dataKey="revenue" fill={BRAND} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
