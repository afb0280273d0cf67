import { select } from '@lingui/core/macro';
import { capitalize } from '@/lib/format';

/** A category's name as shown: the shop's own in the language shown, any other capitalised. */
export function categoryName(key: string): string {
  const category = key.toLowerCase();
  const name = capitalize(key);
  return select(category, { women: 'Women', kids: 'Kids', sales: 'Sales', other: name });
}
