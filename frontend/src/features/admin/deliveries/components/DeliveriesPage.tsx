/**
 * Dispatch (/admin/deliveries, `deliveries.dispatch`): the orders to send out, out with a rider,
 * or brought back, oldest first, by city, district and rider (the URL keeps the tab and the
 * filters, the server pages). On 'To dispatch' and 'Failed' the dispatcher ticks orders, picks a
 * rider and sends them out; a locked code (five wrong ones) is reset on 'Out'; 'Run sheet' opens
 * a rider's printable list.
 */
import { useMemo, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { BUSY, btn } from '@/components/ui/styles';
import { useDeliveryZones } from '@/lib/api/delivery';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import type { DispatchStatus } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { SelectField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { dispatchList, useResetCode } from '../../lib/api/dispatch';
import { adminErrorMessage, logError } from '../../lib/errors';
import { FilterSelect, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { useDispatchOrders, useRiders } from '../api/deliveries';
import { deliveriesTable } from './delivery-columns';

export default function DeliveriesPage() {
  const { t } = useLingui();
  usePageTitle(t`Deliveries`);
  const list = useAdminList(dispatchList);
  const can = useCan();
  const { filters, setFilter } = list;
  const [, setSearch] = useSearchParams();
  const zones = useDeliveryZones();
  const riders = useRiders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rider, setRider] = useState('');
  const [riderError, setRiderError] = useState<string | undefined>();
  const [sheetRider, setSheetRider] = useState('');
  const [announce, setAnnounce] = useState('');
  const [resetting, setResetting] = useState<string | null>(null);

  const tabs: { status: DispatchStatus; label: string }[] = [
    { status: 'toDispatch', label: t`To dispatch` },
    { status: 'out', label: t`Out` },
    { status: 'failed', label: t`Failed` },
  ];
  const selectable = filters.status !== 'out';
  // The ticks are of the rows shown: another tab, filter or page starts afresh.
  const shownIds = useMemo(() => new Set(list.rows.map((o) => o._id)), [list.rows]);
  const picked = [...selected].filter((id) => shownIds.has(id));
  const pickedCount = picked.length;

  const cities = zones.data ?? [];
  const districts = cities.find((c) => c.city === filters.city)?.districts.flatMap((d) => (d.name ? [d.name] : [])) ?? [];
  const riderList = riders.data ?? [];

  const dispatch = useDispatchOrders({
    onSuccess: (orders, vars) => {
      const name = riderList.find((r) => r._id === vars.riderId)?.name ?? '';
      const sentCount = orders.length;
      const sent = plural(sentCount, { one: `# order sent out with ${name}`, other: `# orders sent out with ${name}` });
      toast.success(sent);
      setAnnounce(sent);
      setSelected(new Set());
    },
    onError: (err) => {
      logError('Failed to send orders out', err);
      if (err instanceof ApiError && err.fieldErrors.riderId) setRiderError(err.fieldErrors.riderId);
      const field = err instanceof ApiError ? err.fieldErrors.orderIds : undefined;
      toast.error(field ?? adminErrorMessage(err, t`Failed to send the orders out`));
    },
  });

  const reset = useResetCode({
    onSuccess: () => {
      const done = t`Code reset: the rider may type it again`;
      toast.success(done);
      setAnnounce(done);
      setResetting(null);
    },
    onError: (err) => {
      logError('Failed to reset a delivery code', err);
      toast.error(adminErrorMessage(err, t`Failed to reset the code`));
      setResetting(null);
    },
  });

  const sendOut = () => {
    if (dispatch.isPending) return;
    if (!rider) {
      setRiderError(t`Choose a rider`);
      return;
    }
    setRiderError(undefined);
    dispatch.mutate({ orderIds: picked, riderId: rider });
  };

  const setCity = (city: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (city) next.set('city', city);
      else next.delete('city');
      next.delete('district');
      next.delete('page');
      return next;
    });

  const allShown = list.rows.length > 0 && list.rows.every((o) => selected.has(o._id));

  return (
    <section>
      <PageHeader title={t`Deliveries`} />
      <div role="group" aria-label={t`Which deliveries`} className="mt-4 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <button
            key={tab.status}
            type="button"
            aria-pressed={filters.status === tab.status}
            onClick={() => setFilter('status', tab.status)}
            className={filters.status === tab.status ? btn.primary : btn.secondary}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="search" aria-label={t`Filter deliveries`} className="mt-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-3">
        <FilterSelect
          label={t`City`}
          value={filters.city}
          options={[{ value: '', label: t`All cities` }, ...cities.map((c) => ({ value: c.city, label: c.city }))]}
          onChange={setCity}
        />
        <FilterSelect
          label={t`District`}
          value={filters.district}
          options={[{ value: '', label: t`All districts` }, ...districts.map((d) => ({ value: d, label: d }))]}
          onChange={(v) => setFilter('district', v)}
        />
        <FilterSelect
          label={t`Rider`}
          value={filters.riderId}
          options={[{ value: '', label: t`All riders` }, ...riderList.map((r) => ({ value: r._id, label: r.name }))]}
          onChange={(v) => setFilter('riderId', v)}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <SelectField label={t`Run sheet of`} value={sheetRider} onChange={(e) => setSheetRider(e.target.value)} className="min-w-48">
          <option value="">{t`Choose a rider`}</option>
          {riderList.map((r) => (
            <option key={r._id} value={r._id}>
              {r.name}
            </option>
          ))}
        </SelectField>
        {sheetRider ? (
          <Link to={`/admin/deliveries/run-sheet?riderId=${encodeURIComponent(sheetRider)}`} className={btn.secondary}>
            <Trans>Run sheet</Trans>
          </Link>
        ) : (
          <button type="button" className={btn.secondary} disabled>
            <Trans>Run sheet</Trans>
          </button>
        )}
      </div>
      {selectable && (
        <div
          role="group"
          aria-label={t`Send out`}
          className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
        >
          <label className="flex h-[46px] items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={allShown}
              disabled={list.rows.length === 0}
              onChange={(e) => setSelected(e.target.checked ? new Set(list.rows.map((o) => o._id)) : new Set())}
            />
            <Trans>Select all on this page</Trans>
          </label>
          <SelectField
            label={t`Send with rider`}
            value={rider}
            error={riderError}
            onChange={(e) => {
              setRider(e.target.value);
              setRiderError(undefined);
            }}
            className="min-w-48"
          >
            <option value="">{t`Choose a rider`}</option>
            {riderList.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className={`${btn.primary} ${BUSY}`}
            disabled={picked.length === 0}
            aria-disabled={dispatch.isPending || undefined}
            onClick={sendOut}
          >
            {dispatch.isPending ? <Trans>Sending...</Trans> : <Trans>Send out ({pickedCount})</Trans>}
          </button>
        </div>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>
      <ListTable
        list={list}
        name={t`Deliveries`}
        loading={t`Loading deliveries...`}
        empty={
          <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
            {filters.status === 'toDispatch'
              ? t`No orders waiting for a rider`
              : filters.status === 'out'
                ? t`No orders out with a rider`
                : t`No deliveries brought back`}
          </p>
        }
        {...deliveriesTable({
          selectable,
          selected,
          onSelect: (o, on) =>
            setSelected((prev) => {
              const next = new Set(prev);
              if (on) next.add(o._id);
              else next.delete(o._id);
              return next;
            }),
          linkOrders: can('orders.read'),
          onResetCode: (o) => {
            setResetting(o._id);
            reset.mutate(o._id);
          },
          resetting,
        })}
      />
    </section>
  );
}
