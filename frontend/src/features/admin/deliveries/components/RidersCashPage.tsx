/**
 * Riders' cash (/admin/riders-cash, `cash.receive`): for a day (today in Somalia unless another
 * is chosen), each rider's cash deliveries and the cash they collected, each time they handed
 * some in (how much, by whom, when) and, while they still hold some, 'Mark received' for it,
 * after a confirmation. A day's cash is handed in as often as the rider brings it.
 */
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { formatDateTime, formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { RiderCash } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ActionButton, Badge, columnsOf, DataTable, tone } from '../../lib/table';
import { todayInSomalia } from '../../lib/days';
import { useMarkCashReceived, useRidersCash } from '../api/riders-cash';

const column = columnsOf<RiderCash>();

/** What the confirmation says: who hands in how much (what no hand-in covered yet), for how many deliveries. */
function handInText({ riderName: name, toHandIn, deliveries: ofTheDay, handIns }: RiderCash): string {
  const amount = formatPrice(toHandIn);
  const deliveries = ofTheDay - handIns.reduce((sum, h) => sum + h.deliveries, 0);
  return plural(deliveries, {
    one: `${name} hands in ${amount} for # cash delivery.`,
    other: `${name} hands in ${amount} for # cash deliveries.`,
  });
}

export default function RidersCashPage() {
  const { t } = useLingui();
  usePageTitle(t`Riders' cash`);
  const [date, setDate] = useState(todayInSomalia);
  const cash = useRidersCash(date);
  const [confirming, setConfirming] = useState<RiderCash | null>(null);
  const [announce, setAnnounce] = useState('');

  const mark = useMarkCashReceived({
    onSuccess: (entry) => {
      const name = entry.riderName;
      const amount = formatPrice(entry.handIns.at(-1)?.amount ?? entry.handedIn);
      const done = t`Received ${amount} from ${name}`;
      toast.success(done);
      setAnnounce(done);
      setConfirming(null);
    },
    onError: (err) => {
      logError('Failed to mark cash received', err);
      toast.error(adminErrorMessage(err, t`Failed to mark the cash received`));
      setConfirming(null);
    },
  });

  const columns = [
    column(t`Rider`, (r) => <span className="font-medium text-stone-900">{r.riderName}</span>, { phone: 'title' }),
    column(t`Cash deliveries`, (r) => r.deliveries, { th: 'w-36' }),
    column(t`Collected`, (r) => <span className="font-semibold">{formatPrice(r.collected)}</span>, { th: 'w-32' }),
    column(t`Handed in`, (r) => {
      const handedIn = r.handIns.map((h) => {
        const by = h.by.name;
        const at = formatDateTime(h.at);
        const amount = formatPrice(h.amount);
        return (
          <li key={h.at} className="text-xs text-stone-600">
            {t`${amount} by ${by}, ${at}`}
          </li>
        );
      });
      const rest = formatPrice(r.toHandIn);
      return (
        <>
          {r.toHandIn <= 0 && r.handIns.length > 0 && <Badge colour={tone.green}>{t`Received`}</Badge>}
          {handedIn.length > 0 && <ul className="mt-1 space-y-0.5">{handedIn}</ul>}
          {r.toHandIn > 0 && (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {r.handIns.length > 0 && <span className="text-xs font-medium text-amber-800">{t`${rest} still to hand in`}</span>}
              <ActionButton kind="primary" label={t`Mark received`} target={r.riderName} onClick={() => setConfirming(r)} />
            </div>
          )}
          {r.collected <= 0 && <span className="text-stone-600">{t`Nothing to hand in`}</span>}
        </>
      );
    }, { th: 'w-64', cell: () => ({ 'data-testid': 'cash-received' }) }),
  ];

  let body;
  if (cash.isPending) body = <PageLoading text={t`Loading the riders' cash...`} />;
  else if (cash.isError) {
    body = (
      <RetryAlert className="mt-6" onRetry={() => void cash.refetch()}>
        {adminErrorMessage(cash.error, t`Failed to load the riders' cash. Please try again.`)}
      </RetryAlert>
    );
  } else if (cash.data.length === 0) {
    body = (
      <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
        <Trans>No rider collected cash that day.</Trans>
      </p>
    );
  } else {
    body = <DataTable name={t`Riders' cash`} rows={cash.data} columns={columns} getRowId={(r) => r.riderId} rowProps={() => ({ 'data-testid': 'cash-row' })} width="w-full min-w-[40rem]" />;
  }

  return (
    <section>
      <PageHeader title={t`Riders' cash`} />
      <div className="mt-4 max-w-xs">
        <TextField label={t`Day`} type="date" value={date} max={todayInSomalia()} onChange={(e) => setDate(e.target.value)} />
      </div>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {body}
      {confirming && (
        <ConfirmDialog
          title={t`Mark the cash received?`}
          message={handInText(confirming)}
          confirmLabel={t`Mark received`}
          busyLabel={t`Saving...`}
          busy={mark.isPending}
          tone="primary"
          onCancel={() => setConfirming(null)}
          onConfirm={() => mark.mutate({ riderId: confirming.riderId, date })}
        />
      )}
    </section>
  );
}
