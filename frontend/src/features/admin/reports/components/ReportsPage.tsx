/** Admin reports (/admin/reports): a period of 7, 30 or 90 days, its figures, revenue per day, top products, the discount codes used and the CSV export. */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { toast } from '@/lib/toast';
import { PageLoading, Spinner } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { formatPrice } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import type { Report } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ChartFigure } from '../../components/ChartFigure';
import { dayLabel } from '../../lib/charts';
import { adminErrorMessage, logError } from '../../lib/errors';
import { columnsOf, DataTable } from '../../lib/table';
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

/** Numbers are right-aligned, headings included. */
const numeric = { th: 'text-right', td: 'text-right' };

const productColumn = columnsOf<Report['topProducts'][number]>();
const TOP_PRODUCT_COLUMNS = [
  productColumn('#', (_, row) => row.index + 1),
  productColumn('Product', (p) => p.name || 'Unknown'),
  productColumn('Quantity sold', (p) => p.quantity, numeric),
  productColumn('Revenue', (p) => formatPrice(p.revenue), numeric),
];

const codeColumn = columnsOf<Report['discountCodes'][number]>();
const DISCOUNT_CODE_COLUMNS = [
  codeColumn('Code', (c) => c.code, { td: 'font-mono' }),
  codeColumn('Orders', (c) => c.orders, numeric),
  codeColumn('Amount', (c) => formatPrice(c.amount), numeric),
];

/** A card with a titled table of the period's rows, or `empty` when it has none. */
function TableCard<Row>({
  id,
  title,
  columns,
  rows,
  rowTestId,
  empty,
}: {
  id: string;
  title: string;
  columns: ColumnDef<Row>[];
  rows: Row[];
  rowTestId: string;
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className={admin.card}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-stone-600">{empty}</p>
      ) : (
        <DataTable name={title} rows={rows} columns={columns} rowProps={() => ({ 'data-testid': rowTestId })} className="mt-3" inCard />
      )}
    </section>
  );
}

export default function ReportsPage() {
  usePageTitle('Reports');
  const [days, setDays] = useState<ReportPeriod>(30);
  const report = useReport(days);
  // Who changed what is the audit's (audit.read), not every reader of reports'.
  const mayReadAudit = useCan()('audit.read');
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
            columns={TOP_PRODUCT_COLUMNS}
            rows={r.topProducts}
            rowTestId="top-product"
            empty="No products sold in this period"
          />
          <TableCard
            id="discount-codes"
            title="Discount codes"
            columns={DISCOUNT_CODE_COLUMNS}
            rows={r.discountCodes}
            rowTestId="discount-code-row"
            empty="No discount codes used in this period"
          />
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
      {mayReadAudit && (
        <div className="mt-6">
          <AuditTrail />
        </div>
      )}
    </section>
  );
}
