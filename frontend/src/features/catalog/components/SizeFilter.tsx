import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { field } from '@/components/ui/styles';
import { SIZE_PARAM, sizeFilterOf, sizesFor } from '@/lib/sizes';

export interface SizeFilterState {
  /** The size the list is narrowed to; undefined for every size. */
  size: string | undefined;
  /** The sizes offered: the category's, or all of them. */
  sizes: readonly string[];
  setSize: (size: string) => void;
}

/**
 * A list's size filter, kept in the address (`?size=M`) so a reload or a shared link shows the
 * same list; the list's request carries it as `size=`.
 */
export function useSizeFilter(category?: string): SizeFilterState {
  const [params, setParams] = useSearchParams();
  return {
    size: sizeFilterOf(params, category),
    sizes: sizesFor(category),
    setSize: (size) => {
      const next = new URLSearchParams(params);
      if (size) next.set(SIZE_PARAM, size);
      else next.delete(SIZE_PARAM);
      setParams(next, { replace: true });
    },
  };
}

/** 'Show only my size': a select of the list's sizes, 'All sizes' first. */
export function SizeFilter({ size, sizes, setSize, className }: SizeFilterState & { className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={field.label}>
        <Trans>Show only my size</Trans>
      </label>
      <select id={id} value={size ?? ''} onChange={(e) => setSize(e.target.value)} className={field.input}>
        <option value="">
          <Trans>All sizes</Trans>
        </option>
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}
