/**
 * How the back office names what several of its areas show (a role, a product's category, a
 * delivery zone and its delivery time), in the language shown: the audit trail names them as
 * the screens that change them do.
 */
import { msg, plural, t } from '@lingui/core/macro';
import { capitalize } from '@/lib/format';
import { ROLE_MESSAGES } from '@/lib/roles';
import type { DeliveryZone, EtaDays, Role } from '@/lib/types';
import { translated } from './translated';

/** Each role as the shop names it (lib/roles.ts), read in the language shown. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = translated(ROLE_MESSAGES);

export const PRODUCT_CATEGORIES = ['women', 'kids', 'sales'] as const;

/** The categories as the back office names them, in the language shown. */
const CATEGORY_NAMES = translated({ women: msg`Women`, kids: msg`Kids`, sales: msg`Sales` });

/** A category's name ('women' is 'Women'); one this app does not know, capitalised. */
export const categoryName = (category: string): string =>
  Object.hasOwn(CATEGORY_NAMES, category) ? CATEGORY_NAMES[category as keyof typeof CATEGORY_NAMES] : capitalize(category);

/** How long delivery takes, for the table: 'Same day', '2 days', '1-2 days' (in the language shown). */
export function deliveryDays({ min, max }: EtaDays): string {
  if (max === 0) return t`Same day`;
  if (min === max) return plural(min, { one: '# day', other: '# days' });
  return t`${min}-${max} days`;
}

/** The zone's place as the back office names it: 'Hodan, Mogadishu', or the city for a whole city. */
export const zonePlace = ({ city, district }: Pick<DeliveryZone, 'city' | 'district'>) => (district ? `${district}, ${city}` : city);
