/**
 * How the checkout speaks of a delivery zone's time. The places it offers are shared with the
 * back office (lib/delivery-places.ts); the fees are the server's: the checkout asks for the
 * cart priced for the place chosen (GET /api/cart?city=&district=) and shows its totals.
 */
import { plural, t } from '@lingui/core/macro';
import type { EtaDays } from '@/lib/types';

/**
 * How long delivery takes, e.g. 'Delivered the same day', 'Delivered today or tomorrow',
 * 'Delivered within 3 days', 'Delivered in 2 days', 'Delivered in 1-2 days' (in the language shown).
 */
export function deliveryTimeText({ min, max }: EtaDays): string {
  if (max === 0) return t`Delivered the same day`;
  if (min === 0 && max === 1) return t`Delivered today or tomorrow`;
  if (min === 0) return plural(max, { one: 'Delivered within # day', other: 'Delivered within # days' });
  if (min === max) return plural(min, { one: 'Delivered in # day', other: 'Delivered in # days' });
  return t`Delivered in ${min}-${max} days`;
}
