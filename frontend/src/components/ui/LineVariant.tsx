import { useLanguage } from '@/i18n';
import type { VariantSnapshot } from '@/lib/types';
import { variantLabel } from '@/lib/variants';

/** A cart or order line's size and colour, e.g. 'Size M · Black'; nothing for a one-size line. */
export function LineVariant({ variant }: { variant: VariantSnapshot | null | undefined }) {
  useLanguage();
  if (!variant) return null;
  return (
    <p className="text-sm text-stone-600" data-testid="line-variant">
      {variantLabel(variant)}
    </p>
  );
}
