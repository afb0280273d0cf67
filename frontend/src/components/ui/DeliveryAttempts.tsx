/**
 * 'Delivery attempts': each time a rider brought an order back, when and why in plain words. The
 * shopper's order page and the back office's show the same list; nothing when none failed.
 */
import { Trans } from '@lingui/react/macro';
import { failureReasonLabel } from '@/lib/delivery';
import { formatDateTime } from '@/lib/format';
import type { OrderDelivery } from '@/lib/types';

export function DeliveryAttempts({ attempts, className = '' }: { attempts: OrderDelivery['attempts']; className?: string }) {
  if (attempts.length === 0) return null;
  return (
    <div className={className}>
      <h3 className="text-sm font-semibold text-stone-900">
        <Trans>Delivery attempts</Trans>
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-stone-700" data-testid="delivery-attempts">
        {attempts.map((a) => {
          const when = formatDateTime(a.at);
          const why = failureReasonLabel(a.reason);
          return (
            <li key={a.at}>
              {when}: {why}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
