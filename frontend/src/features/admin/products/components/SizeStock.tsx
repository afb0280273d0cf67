import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Variant } from '@/lib/types';

/** What a size's stock needs flagged: none left, or running low (as the server says); nothing otherwise. */
function sizeFlag({ stock, runningLow }: Pick<Variant, 'stock' | 'runningLow'>): { text: string; style: string } | null {
  if (stock <= 0) return { text: t`sold out`, style: 'font-semibold text-red-700' };
  if (runningLow) return { text: t`low`, style: 'font-semibold text-amber-800' };
  return null;
}

/** Stock per size in the admin's order, e.g. 'S 4 · M 0 · L 12'; sizes sold out or running low are flagged. */
export function SizeStock({ name, variants }: { name: string; variants: readonly Variant[] }) {
  const { t } = useLingui();
  return (
    <ul className="mt-1 flex max-w-60 flex-wrap text-xs text-stone-700" aria-label={t`Stock by size of ${name}`}>
      {variants.map((v, i) => {
        const flag = sizeFlag(v);
        return (
          <li key={v._id} className="whitespace-nowrap" data-testid="size-stock">
            {i > 0 && (
              <span aria-hidden="true" className="px-1 text-stone-400">
                ·
              </span>
            )}
            <span className={flag?.style}>
              {flag && <span aria-hidden="true">⚠ </span>}
              {v.colour ? `${v.size}/${v.colour}` : v.size} {v.stock}
              {flag && <span className="sr-only"> ({flag.text})</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
