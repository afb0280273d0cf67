/**
 * The dashboard's two charts (recharts, in this lazily loaded chunk only), each with its
 * figures as text (`ChartFigure`). The revenue line is a named image in the tab order: the
 * arrow keys show each month's figure in its tooltip. The pie has no keyboard navigation in
 * recharts, so it is hidden from assistive technology with nothing inside focusable, and its
 * legend shows the counts.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Cell, Legend, Line, LineChart, CartesianGrid, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { statusWord } from '@/components/ui/StatusBadge';
import { ORDER_STATUSES } from '@/lib/enums';
import { formatPrice } from '@/lib/format';
import type { Stats } from '@/lib/types';
import { ChartFigure } from '../../components/ChartFigure';
import { BRAND, dollarTick, monthLabel, OTHER_COLOR, STATUS_COLORS } from '../../lib/charts';
import { formatCount } from '../../lib/ui';

export default function DashboardCharts({ stats }: { stats: Stats }) {
  // Words, months and numbers in the language shown (drawn again when it changes).
  const { t } = useLingui();
  const months = (stats.revenueByMonth ?? []).map((m) => ({ ...m, label: monthLabel(m.label) }));
  const counts = ORDER_STATUSES.map((s) => ({ name: statusWord(s), key: s, value: stats.statusCounts?.[s] ?? 0 }));
  const anyOrders = counts.some((c) => c.value > 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure
        title={t`Revenue Trend`}
        subtitle={t`Last 6 months`}
        figures={{
          caption: t`Revenue by month`,
          columns: [t`Month`, t`Revenue`],
          rows: months.map((m) => ({ label: m.label, value: formatPrice(m.revenue) })),
        }}
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 288 }}>
          <LineChart data={months} role="img" aria-label={t`Revenue by month, line chart`} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
            <XAxis dataKey="label" stroke="#57534e" />
            <YAxis stroke="#57534e" tickFormatter={dollarTick} />
            <Tooltip formatter={(v) => [formatPrice(Number(v)), t`Revenue`]} />
            <Line isAnimationActive={false} type="monotone" dataKey="revenue" stroke={BRAND} strokeWidth={3} dot={{ r: 4 }} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure
        title={t`Order Status Distribution`}
        figures={{
          caption: t`Orders by status`,
          columns: [t`Status`, t`Orders`],
          rows: counts.map((c) => ({ label: c.name, value: formatCount(c.value) })),
        }}
      >
        {anyOrders ? (
          <div className="h-full" aria-hidden="true" data-testid="status-chart">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 288 }}>
              <PieChart accessibilityLayer={false}>
                <Pie
                  isAnimationActive={false}
                  rootTabIndex={-1}
                  data={counts}
                  dataKey="value"
                  nameKey="name"
                  innerRadius="55%"
                  outerRadius="85%"
                  paddingAngle={2}
                >
                  {counts.map((c) => (
                    <Cell key={c.key} fill={STATUS_COLORS[c.key] ?? OTHER_COLOR} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend formatter={(name: string) => `${name}: ${formatCount(counts.find((c) => c.name === name)?.value ?? 0)}`} />
              </PieChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <p className="flex h-full items-center justify-center text-stone-600">
            <Trans>No orders yet</Trans>
          </p>
        )}
      </ChartFigure>
    </div>
  );
}
