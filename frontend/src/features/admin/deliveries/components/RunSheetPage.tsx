/**
 * A rider's run sheet (/admin/deliveries/run-sheet?riderId=, `deliveries.dispatch`): the orders
 * out with them, oldest first, each with the customer, phone, address, landmark, the cash to
 * collect and a column to sign, under the shop's name, the rider and the day. 'Print' prints it
 * alone: the back office's sidebar and bars are left off paper (AdminLayout's `print:hidden`).
 */
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, skipToken } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { formatLongDate, formatPrice, orderNumber } from '@/lib/format';
import { settingsKeys } from '@/lib/query-keys';
import type { Order, Settings } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { columnsOf, DataTable } from '../../lib/table';
import { admin } from '../../lib/ui';
import { formatPhone } from '@/lib/phone-format';
import { useRiders, useRunSheet } from '../api/deliveries';
import { collectsCash } from './delivery-columns';

const column = columnsOf<Order>();

/**
 * The sheet's columns, in the language shown: on paper every one, the Signature left blank; on a
 * phone's cards the order (its number on the sheet left off: the cards are in the same order), the
 * customer, phone, address, landmark and cash.
 */
const runSheetColumns = () => [
  column('#', (_, row) => row.index + 1, { phone: 'hidden' }),
  column(t`Order`, (o) => orderNumber(o), { td: 'font-mono', phone: 'title' }),
  column(t`Customer`, (o) => o.shippingAddress?.fullName || o.userId?.name),
  column(t`Phone`, (o) => formatPhone(o.shippingAddress?.phone), { td: 'whitespace-nowrap' }),
  column(t`Address`, (o) => {
    const a = o.shippingAddress;
    return a ? `${a.addressLine}, ${a.district ? `${a.district}, ` : ''}${a.city}` : '';
  }),
  column(t`Landmark`, (o) => o.shippingAddress?.landmark),
  column(t`Cash to collect`, (o) => (collectsCash(o) ? (typeof o.totalAmount === 'number' ? formatPrice(o.totalAmount) : t`Cash`) : ''), { td: 'font-semibold' }),
  column(t`Signature`, () => null, { th: 'w-40', td: 'h-12', phone: 'hidden' }),
];

export default function RunSheetPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const riderId = params.get('riderId') ?? '';
  const riders = useRiders();
  const sheet = useRunSheet(riderId);
  const { data: settings } = useQuery<Settings>({ queryKey: settingsKeys.detail(), queryFn: skipToken });
  const rider = riders.data?.find((r) => r._id === riderId);
  const riderName = rider?.name ?? '';
  usePageTitle(riderName ? t`Run sheet: ${riderName}` : t`Run sheet`);

  const back = (
    <Link to="/admin/deliveries?status=out" className={`${btn.ghost} print:hidden`}>
      <span aria-hidden="true">← </span>
      <Trans>Back to deliveries</Trans>
    </Link>
  );
  if (!riderId) {
    return (
      <section>
        <h1 className={admin.pageTitle}>
          <Trans>Run sheet</Trans>
        </h1>
        <p className="mt-2 text-stone-700">
          <Trans>Choose a rider on the Deliveries page to see their run sheet.</Trans>
        </p>
        {back}
      </section>
    );
  }
  if (sheet.isPending || riders.isPending) return <PageLoading text={t`Loading the run sheet...`} />;
  if (sheet.isError) {
    return (
      <section>
        <h1 className={admin.pageTitle}>
          <Trans>Run sheet</Trans>
        </h1>
        <RetryAlert className="mt-4" onRetry={() => void sheet.refetch()}>
          <Trans>The run sheet could not be loaded.</Trans>
        </RetryAlert>
        {back}
      </section>
    );
  }

  const orders = sheet.data.rows;
  const cashOrders = orders.filter(collectsCash);
  const cashTotal = cashOrders.reduce((sum, o) => sum + (o.totalAmount ?? 0), 0);
  const seesAmounts = cashOrders.every((o) => typeof o.totalAmount === 'number');
  const today = formatLongDate(new Date().toISOString());
  const shop = settings?.shopName ?? '';
  return (
    <section className="print:text-black" data-testid="run-sheet">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <button type="button" className={btn.primary} onClick={() => window.print()} disabled={orders.length === 0}>
          <Trans>Print</Trans>
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3 border-b-2 border-stone-900 pb-3">
        <div>
          {shop && <p className="text-lg font-bold">{shop}</p>}
          <h1 className={admin.pageTitle}>{riderName ? t`Run sheet: ${riderName}` : t`Run sheet`}</h1>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="font-semibold">
            <Trans>Date</Trans>
          </dt>
          <dd>{today}</dd>
          {rider?.phone && (
            <>
              <dt className="font-semibold">
                <Trans>Rider's phone</Trans>
              </dt>
              <dd>{formatPhone(rider.phone)}</dd>
            </>
          )}
          <dt className="font-semibold">
            <Trans>Orders</Trans>
          </dt>
          <dd>{orders.length}</dd>
        </dl>
      </div>
      {orders.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          <Trans>No orders out with this rider.</Trans>
        </p>
      ) : (
        <DataTable
          name={t`Orders out with ${riderName}`}
          rows={orders}
          columns={runSheetColumns()}
          getRowId={(o) => o._id}
          rowProps={() => ({ 'data-testid': 'run-sheet-row' })}
          footer={cashOrders.length > 0 && seesAmounts ? { label: t`Cash to collect in all`, column: t`Cash to collect`, value: formatPrice(cashTotal) } : undefined}
          className="mt-4 print:overflow-visible"
          width="w-full min-w-[56rem] print:min-w-0"
          ruled
        />
      )}
    </section>
  );
}
