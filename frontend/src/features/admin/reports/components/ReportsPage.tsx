/** Admin reports (/admin/reports): a period of 7, 30 or 90 days, its figures, revenue per day, top products, the discount codes used and the CSV export. */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { PageLoading, Spinner } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { formatPrice } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { ChartFigure } from '../../components/ChartFigure';
import { ScrollableTable } from '../../components/ScrollableTable';
import { dayLabel } from '../../lib/charts';
import { adminErrorMessage, logError } from '../../lib/errors';
import { admin, formatShortDate } from '../../lib/ui';
import { REPORT_PERIODS, useDownloadOrdersCsv, useReport, type ReportPeriod } from '../api/reports';
import { AuditTrail } from './AuditTrail';

const RevenueChart = lazy(() => import('./RevenueChart'));

export const REPORT_LOAD_FAILED = 'Failed to load reports. Please try again.';

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className={admin.card}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-stone-900">{value}</dd>
    </div>
  );
}

const numberCell = `${admin.td} text-right`;

/** A card with a titled table of the period's rows, or `empty` when it has none. */
function TableCard<Row>({
  id,
  title,
  columns,
  rows,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** The column headings; numbers are right-aligned. */
  columns: { label: string; numeric?: boolean }[];
  rows: Row[];
  empty: string;
  children: (row: Row, index: number) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={admin.card}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-stone-600">{empty}</p>
      ) : (
        <ScrollableTable name={title} className="mt-3" tableClassName={admin.table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={c.numeric ? `${admin.th} text-right` : admin.th}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">{rows.map(children)}</tbody>
        </ScrollableTable>
      )}
    </section>
  );
}

export default function ReportsPage() {
  usePageTitle('Reports');
  const [days, setDays] = useState<ReportPeriod>(30);
  const report = useReport(days);
  const download = useDownloadOrdersCsv({
    onSuccess: (name) => toast.success(`Downloaded ${name}`),
    onError: (err) => {
      logError('CSV export failed', err);
      toast.error(adminErrorMessage(err, 'Failed to download orders'));
    },
  });

  useEffect(() => {
    if (report.isError) {
      logError('Failed to load reports', report.error);
      toast.error(REPORT_LOAD_FAILED, { toastId: REPORT_LOAD_FAILED });
    }
  }, [report.isError, report.error]);

  const r = report.data;
  let body;
  if (report.isPending) {
    body = <PageLoading text="Loading reports..." />;
  } else if (report.isError && !r) {
    body = (
      <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
        <p>{REPORT_LOAD_FAILED}</p>
        <button type="button" className={`${btn.secondary} mt-3`} onClick={() => void report.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (r) {
    body = (
      <div className={`mt-6 space-y-6 ${report.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={report.isPlaceholderData}>
        <p className="text-sm text-stone-600">
          {formatShortDate(r.from)} – {formatShortDate(r.to)}
        </p>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          <Card label="Total sales" value={formatPrice(r.totalSales)} />
          <Card label="Orders" value={String(r.orders)} />
          <Card label="New users" value={String(r.newUsers)} />
          <Card label="Average order value" value={formatPrice(r.averageOrderValue)} />
          <Card label="Discounts given" value={formatPrice(r.discountsGiven)} />
        </dl>
        <ChartFigure
          title="Revenue per day"
          figures={{
            caption: 'Revenue per day',
            columns: ['Day', 'Revenue'],
            rows: (r.revenueByDay ?? []).map((d) => ({ label: dayLabel(d.date, true), value: formatPrice(d.revenue) })),
          }}
        >
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <RevenueChart data={r.revenueByDay ?? []} />
          </Suspense>
        </ChartFigure>
        <div className="grid gap-6 xl:grid-cols-2">
          <TableCard
            id="top-products"
            title="Top products"
            columns={[{ label: '#' }, { label: 'Product' }, { label: 'Quantity sold', numeric: true }, { label: 'Revenue', numeric: true }]}
            rows={r.topProducts}
            empty="No products sold in this period"
          >
            {(p, i) => (
              <tr key={`${p.name}-${i}`} data-testid="top-product">
                <td className={admin.td}>{i + 1}</td>
                <td className={admin.td}>{p.name || 'Unknown'}</td>
                <td className={numberCell}>{p.quantity}</td>
                <td className={numberCell}>{formatPrice(p.revenue)}</td>
              </tr>
            )}
          </TableCard>
          <TableCard
            id="discount-codes"
            title="Discount codes"
            columns={[{ label: 'Code' }, { label: 'Orders', numeric: true }, { label: 'Amount', numeric: true }]}
            rows={r.discountCodes}
            empty="No discount codes used in this period"
          >
            {(c) => (
              <tr key={c.code} data-testid="discount-code-row">
                <td className={`${admin.td} font-mono`}>{c.code}</td>
                <td className={numberCell}>{c.orders}</td>
                <td className={numberCell}>{formatPrice(c.amount)}</td>
              </tr>
            )}
          </TableCard>
        </div>
      </div>
    );
  }

  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className={admin.pageTitle}>Reports</h1>
        <div className="flex flex-wrap items-end gap-3">
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-stone-800">Period</legend>
            <div className="inline-flex rounded-lg bg-white p-1 ring-1 ring-stone-300">
              {REPORT_PERIODS.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={days === d}
                  onClick={() => setDays(d)}
                  className={`rounded-md px-3 py-1.5 text-sm font-semibold ${days === d ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
                >
                  Last {d} days
                </button>
              ))}
            </div>
          </fieldset>
          <button type="button" className={btn.secondary} onClick={() => download.mutate(days)} disabled={download.isPending}>
            {download.isPending ? 'Downloading...' : 'Download CSV'}
          </button>
        </div>
      </div>
      {body}
      <div className="mt-6">
        <AuditTrail />
      </div>
    </section>
  );
}
