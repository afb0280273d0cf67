import { Trans } from '@lingui/react/macro';
import { CheckCircleIcon } from '@/components/ui/icons';

/** What the checkout shows between a paid order (201) and the success page. */
export function OrderPlaced() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center" role="status">
      <CheckCircleIcon size={56} className="text-emerald-600" />
      <p className="text-xl font-semibold">
        <Trans>Order placed successfully! Redirecting...</Trans>
      </p>
    </div>
  );
}
