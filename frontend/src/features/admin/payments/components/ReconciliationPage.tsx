/**
 * Reconciliation (/admin/payments/reconciliation, `money.read`, linked from Payments): a day's
 * payments (East Africa Time; the server's today until another day is chosen, kept in the URL as
 * `?date=`), a card per provider and currency with what it approved, what went back (late money
 * refunded), what is held (another amount than asked) and the net, and the attempts that moved the
 * money, each with its order (a link to its page) and its state in words. 'Download CSV' saves the
 * same day as the server writes it.
 */
import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { toast } from '@/lib/toast';
import type { ProviderDay, ReconciledAttempt } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { isDay, todayInSomalia } from '../../lib/days';
import { adminErrorMessage, logError } from '../../lib/errors';
import { columnsOf, DataTable } from '../../lib/table';
import { admin } from '../../lib/ui';
import { useDownloadReconciliationCsv, useReconciliation } from '../api/payments';
import { providerName } from '../reconciliation';
import { AttemptOrder, money } from './AttemptCells';
import { AttemptStateBadge } from './AttemptStateBadge';

const column = columnsOf<ReconciledAttempt>();

/** One figure of a provider's day: its label and the amount in the day's currency. */
function Figure({ label, amount, currency, strong = false }: { label: string; amount: number; currency: string; strong?: boolean }) {
  return (
    <div className={strong ? 'rounded-lg bg-stone-50 px-3 py-2 ring-1 ring-stone-200' : 'px-3 py-2'}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className={`mt-1 break-words tabular-nums text-stone-900 ${strong ? 'text-2xl font-bold' : 'text-xl font-semibold'}`}>{money(amount, currency)}</dd>
    </div>
  );
}

/** A provider's day in one currency: its figures, and the attempts that moved the money. */
function ProviderCard({ day }: { day: ProviderDay }) {
  const { t } = useLingui();
  const titleId = useId();
  const provider = providerName(day.provider);
  const { currency } = day;
  const columns = [
    column(t`Order`, (a) => <AttemptOrder attempt={a} />, { td: 'whitespace-nowrap', phone: 'title' }),
    column(t`State`, (a) => <AttemptStateBadge state={a.state} />, { phone: 'aside' }),
    column(t`Amount`, (a) => <span className="font-semibold whitespace-nowrap">{money(a.amount, currency)}</span>, { th: 'text-right', td: 'text-right tabular-nums' }),
  ];
  return (
    <section aria-labelledby={titleId} className={admin.card} data-testid="reconciliation-provider">
      <h2 id={titleId} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-stone-900">
        {provider}{' '}
        <span className="rounded-md bg-stone-100 px-2 py-0.5 font-mono text-sm font-semibold text-stone-700">{currency}</span>
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label={t({ message: 'Approved', context: "a day's total" })} amount={day.approved} currency={currency} />
        <Figure label={t({ message: 'Refunded', context: "a day's total" })} amount={day.refunded} currency={currency} />
        {day.held !== 0 && <Figure label={t({ message: 'Held', context: "a day's total" })} amount={day.held} currency={currency} />}
        <Figure label={t({ message: 'Net', context: "a day's total" })} amount={day.net} currency={currency} strong />
      </dl>
      {day.held !== 0 && (
        <p className="mt-2 text-sm text-amber-900">
          <Trans>Held: approved for another amount than asked. It is not counted in the net; find it on the Payments page under Needs attention.</Trans>
        </p>
      )}
      {day.attempts.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">
          <Trans>No payment moved money here that day.</Trans>
        </p>
      ) : (
        <DataTable
          name={t`Payments of ${provider} in ${currency}`}
          rows={day.attempts}
          columns={columns}
          getRowId={(a) => a.attemptId}
          rowProps={() => ({ 'data-testid': 'reconciled-attempt' })}
          className="mt-4"
          inCard
        />
      )}
    </section>
  );
}

export default function ReconciliationPage() {
  const { t } = useLingui();
  const title = t`Reconciliation`;
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  // A day the address does not spell as YYYY-MM-DD is left to the server (its today).
  const date = isDay(asked) ? asked : null;
  const day = useReconciliation(date);
  // What is typed while it is not yet a whole day (a cleared field): the address keeps the last one.
  const [draft, setDraft] = useState<string | null>(null);
  const shownDay = date ?? day.data?.date ?? null;

  const download = useDownloadReconciliationCsv({
    onSuccess: (name) => toast.success(t`Downloaded ${name}`),
    onError: (err) => {
      logError('Reconciliation CSV failed', err);
      toast.error(adminErrorMessage(err, t`Failed to download the reconciliation`));
    },
  });

  const chooseDay = (value: string) => {
    if (!isDay(value)) {
      setDraft(value);
      return;
    }
    setDraft(null);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('date', value);
      return next;
    });
  };

  let body;
  if (day.isPending) body = <PageLoading text={t`Loading the reconciliation...`} />;
  else if (day.isError) {
    body = (
      <RetryAlert className="mt-6" onRetry={() => void day.refetch()}>
        {adminErrorMessage(day.error, t`Failed to load the reconciliation. Please try again.`)}
      </RetryAlert>
    );
  } else if (day.data.providers.length === 0) {
    body = <EmptyState title={t`No payments that day`} text={t`No money came in or went back on this day. Choose another day.`} />;
  } else {
    body = (
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        {day.data.providers.map((p) => (
          <ProviderCard key={`${p.provider} ${p.currency}`} day={p} />
        ))}
      </div>
    );
  }

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <>
            <Link to="/admin/payments" className={btn.ghost}>
              <span aria-hidden="true">← </span>
              <Trans>Back to payments</Trans>
            </Link>
            <button type="button" className={btn.secondary} onClick={() => download.mutate(shownDay)} disabled={download.isPending}>
              {download.isPending ? t`Downloading...` : t`Download CSV`}
            </button>
          </>
        }
      />
      <p className="mt-1 text-sm text-stone-600">
        {t`A day's payments (East Africa Time) per provider and currency: what was approved, what went back to the payer, and the net, with the orders the money belongs to. Compare each card with that provider's statement.`}
      </p>
      <div className="mt-4 max-w-xs">
        <TextField
          label={t`Day`}
          type="date"
          value={draft ?? shownDay ?? todayInSomalia()}
          max={todayInSomalia()}
          onChange={(e) => chooseDay(e.target.value)}
        />
      </div>
      {body}
    </section>
  );
}
