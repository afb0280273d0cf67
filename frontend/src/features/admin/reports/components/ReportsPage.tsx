/** Admin reports (/admin/reports): a period of 7, 30 or 90 days, its figures, revenue per day, top products, the discount codes used and the CSV export. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { toast } from '@/lib/toast';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading, Spinner } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { formatPrice } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import type { Report } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ChartFigure } from '../../components/ChartFigure';
import { dayLabel, periodLabel } from '../../lib/charts';
import { adminErrorMessage, logError } from '../../lib/errors';
import { columnsOf, DataTable } from '../../lib/table';
import { admin, formatCount } from '../../lib/ui';
import { REPORT_PERIODS, useDownloadOrdersCsv, useReport, type ReportPeriod } from '../api/reports';
import { AuditTrail } from './AuditTrail';

const RevenueChart = lazy(() => import('./RevenueChart'));


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
/** The top products' columns, in the language shown. */
const topProductColumns = () => [
  // The cards stand in the same order: the rank is the table's.
  productColumn('#', (_, row) => row.index + 1, { phone: 'hidden' }),
  productColumn(t`Product`, (p) => p.name || t`Unknown`, { phone: 'title' }),
  productColumn(t`Quantity sold`, (p) => formatCount(p.quantity), numeric),
  productColumn(t`Revenue`, (p) => formatPrice(p.revenue), numeric),
];

const codeColumn = columnsOf<Report['discountCodes'][number]>();
/** The discount codes' columns, in the language shown. */
const discountCodeColumns = () => [
  codeColumn(t`Code`, (c) => c.code, { td: 'font-mono', phone: 'title' }),
  codeColumn(t`Orders`, (c) => formatCount(c.orders), numeric),
  codeColumn(t`Amount`, (c) => formatPrice(c.amount), numeric),
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
  const { t } = useLingui();
  usePageTitle(t`Reports`);
  const [days, setDays] = useState<ReportPeriod>(30);
  const report = useReport(days);
  // Who changed what is the audit's (audit.read), not every reader of reports'.
  const mayReadAudit = useCan()('audit.read');
  const download = useDownloadOrdersCsv({
    onSuccess: (name) => toast.success(t`Downloaded ${name}`),
    onError: (err) => {
      logError('CSV export failed', err);
      toast.error(adminErrorMessage(err, t`Failed to download orders`));
    },
  });

  const loadFailed = t`Failed to load reports. Please try again.`;
  useEffect(() => {
    if (report.isError) {
      logError('Failed to load reports', report.error);
      toast.error(loadFailed, { toastId: 'reports-load-failed' });
    }
  }, [report.isError, report.error, loadFailed]);

  const r = report.data;
  let body;
  if (report.isPending) {
    body = <PageLoading text={t`Loading reports...`} />;
  } else if (report.isError && !r) {
    body = (
      <RetryAlert className="mt-6" onRetry={() => void report.refetch()}>
        {loadFailed}
      </RetryAlert>
    );
  } else if (r) {
    body = (
      <div className={`mt-6 space-y-6 ${report.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={report.isPlaceholderData}>
        <p className="text-sm text-stone-600">
          {periodLabel(r)}
        </p>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          <Card label={t`Total sales`} value={formatPrice(r.totalSales)} />
          <Card label={t`Orders`} value={formatCount(r.orders)} />
          <Card label={t`New users`} value={formatCount(r.newUsers)} />
          <Card label={t`Average order value`} value={formatPrice(r.averageOrderValue)} />
          <Card label={t`Discounts given`} value={formatPrice(r.discountsGiven)} />
        </dl>
        <ChartFigure
          title={t`Revenue per day`}
          figures={{
            caption: t`Revenue per day`,
            columns: [t`Day`, t`Revenue`],
            rows: (r.revenueByDay ?? []).map((d) => ({ label: dayLabel(d.date, true), value: formatPrice(d.revenue) })),
          }}
        >
          <Suspense fallback={<Spinner label={t`Loading chart`} />}>
            <RevenueChart data={r.revenueByDay ?? []} />
          </Suspense>
        </ChartFigure>
        {/* grid-cols-1: tracks of minmax(0, 1fr), so a card is never widened past the page by what it holds. */}
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <TableCard
            id="top-products"
            title={t`Top products`}
            columns={topProductColumns()}
            rows={r.topProducts}
            rowTestId="top-product"
            empty={t`No products sold in this period`}
          />
          <TableCard
            id="discount-codes"
            title={t`Discount codes`}
            columns={discountCodeColumns()}
            rows={r.discountCodes}
            rowTestId="discount-code-row"
            empty={t`No discount codes used in this period`}
          />
        </div>
      </div>
    );
  }

  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className={admin.pageTitle}>
          <Trans>Reports</Trans>
        </h1>
        <div className="flex flex-wrap items-end gap-3">
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-stone-800">
              <Trans>Period</Trans>
            </legend>
            <div className="inline-flex rounded-lg bg-white p-1 ring-1 ring-stone-300">
              {REPORT_PERIODS.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={days === d}
                  onClick={() => setDays(d)}
                  className={`inline-flex min-h-11 items-center rounded-md px-3 py-1.5 text-sm font-semibold ${days === d ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
                >
                  <Trans>Last {d} days</Trans>
                </button>
              ))}
            </div>
          </fieldset>
          <button type="button" className={btn.secondary} onClick={() => download.mutate(days)} disabled={download.isPending}>
            {download.isPending ? t`Downloading...` : t`Download CSV`}
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
