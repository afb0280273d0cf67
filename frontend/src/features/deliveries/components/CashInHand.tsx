/**
 * The rider's cash of the day (GET /api/deliveries/cash, the East Africa day): what they hold
 * now, and how it came to that: collected from the day's cash deliveries, less what they handed
 * in. Asked again whenever the deliveries are (a delivery marked delivered changes it). Nothing
 * while it loads; a failure says so, with Try Again.
 */
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { useMyCash } from '@/lib/api/deliveries';
import { formatPrice } from '@/lib/format';

export function CashInHand() {
  const cash = useMyCash();
  if (cash.isPending) return null;
  if (cash.isError) {
    return (
      <RetryAlert className="mt-4" onRetry={() => void cash.refetch()}>
        <Trans>Your cash of today could not be loaded.</Trans>
      </RetryAlert>
    );
  }
  const inHand = formatPrice(cash.data.inHand);
  const collected = formatPrice(cash.data.collected);
  const handedIn = formatPrice(cash.data.handedIn);
  const deliveries = cash.data.deliveries;
  return (
    <section aria-labelledby="cash-in-hand" className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200" data-testid="cash-in-hand">
      <h2 id="cash-in-hand" className="text-lg font-bold">
        <Trans>Cash in hand today: {inHand}</Trans>
      </h2>
      <p className="mt-1 text-sm">
        {plural(deliveries, {
          one: `(collected ${collected} from # delivery, handed in ${handedIn})`,
          other: `(collected ${collected} from # deliveries, handed in ${handedIn})`,
        })}
      </p>
    </section>
  );
}
