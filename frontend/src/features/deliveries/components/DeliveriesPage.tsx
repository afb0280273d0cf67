/**
 * The rider's phone screen (/deliveries, permission `deliveries.own`): the deliveries out with
 * them, oldest sent first, under the cash the rider holds today (collected, handed in), each a
 * card with the order's number, the address and its landmark, the cash to collect,
 * Call and WhatsApp, 'Delivered' (the shopper's code) and 'Not delivered' (a reason); then
 * today's finished ones, greyed. Built for a 360 px phone held in one hand: one column, big
 * buttons, no table.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { useMyDeliveries } from '@/lib/api/deliveries';
import { usePageTitle } from '@/lib/use-page-title';
import { CashInHand } from './CashInHand';
import { DeliveryCard } from './DeliveryCard';

export function DeliveriesPage() {
  const { t } = useLingui();
  usePageTitle(t`My deliveries`);
  const deliveries = useMyDeliveries();

  if (deliveries.isPending) return <PageLoading text={t`Loading your deliveries...`} />;
  if (deliveries.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-2xl font-bold text-stone-900">
          <Trans>My deliveries</Trans>
        </h1>
        <RetryAlert className="mt-4" onRetry={() => void deliveries.refetch()}>
          <Trans>Your deliveries could not be loaded.</Trans>
        </RetryAlert>
      </div>
    );
  }

  const out = deliveries.data.filter((d) => d.status === 'shipped');
  const finished = deliveries.data.filter((d) => d.status !== 'shipped');
  const outCount = out.length;
  const finishedCount = finished.length;
  if (deliveries.data.length === 0) {
    return (
      <EmptyState
        level={1}
        title={t`My deliveries`}
        text={t`No deliveries for you right now. The shop will send you orders to deliver.`}
      />
    );
  }

  return (
    <div className="mx-auto max-w-xl px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold text-stone-900">
        <Trans>My deliveries</Trans>
      </h1>
      <CashInHand />
      <section aria-labelledby="deliveries-out" className="mt-4">
        <h2 id="deliveries-out" className="text-lg font-semibold text-stone-900">
          <Trans>To deliver ({outCount})</Trans>
        </h2>
        {out.length === 0 ? (
          <p className="mt-2 text-stone-600">
            <Trans>Nothing left to deliver. Well done!</Trans>
          </p>
        ) : (
          <ul className="mt-3 space-y-4">
            {out.map((d) => (
              <li key={d._id}>
                <DeliveryCard delivery={d} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {finished.length > 0 && (
        <section aria-labelledby="deliveries-finished" className="mt-8">
          <h2 id="deliveries-finished" className="text-lg font-semibold text-stone-900">
            <Trans>Finished today ({finishedCount})</Trans>
          </h2>
          <ul className="mt-3 space-y-4">
            {finished.map((d) => (
              <li key={d._id}>
                <DeliveryCard delivery={d} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
