import { Trans } from '@lingui/react/macro';
import { ReturnIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';
import { useSettings } from '@/lib/api/settings';
import { useShopTerms } from '@/lib/terms';

/**
 * What every order comes with, as the shop's terms say it: what delivery costs, the return
 * window (each left out while not known), a secure payment. The ways to pay are said under the
 * price (ProductDetails).
 */
export function ProductPerks() {
  const { delivery, returns } = useShopTerms(useSettings().data?.terms);
  return (
    <ul className="mt-2 grid gap-3 rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-3" data-testid="product-perks">
      {delivery && (
        <li className="flex items-center gap-2">
          <TruckIcon className="shrink-0 text-brand-700" /> {delivery}
        </li>
      )}
      {returns && (
        <li className="flex items-center gap-2">
          <ReturnIcon className="shrink-0 text-brand-700" /> {returns}
        </li>
      )}
      <li className="flex items-center gap-2">
        <ShieldIcon className="shrink-0 text-brand-700" /> <Trans>Secure payment</Trans>
      </li>
    </ul>
  );
}
