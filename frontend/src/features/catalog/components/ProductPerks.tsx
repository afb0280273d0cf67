import { Trans } from '@lingui/react/macro';
import { ReturnIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';

/** What every order comes with: free delivery, free returns, a secure payment. */
export function ProductPerks() {
  return (
    <ul className="mt-2 grid gap-3 rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-3">
      <li className="flex items-center gap-2">
        <TruckIcon className="text-brand-700" /> <Trans>Free delivery</Trans>
      </li>
      <li className="flex items-center gap-2">
        <ReturnIcon className="text-brand-700" /> <Trans>30-day free returns</Trans>
      </li>
      <li className="flex items-center gap-2">
        <ShieldIcon className="text-brand-700" /> <Trans>Secure payment: mobile money or card</Trans>
      </li>
    </ul>
  );
}
