import { useLingui } from '@lingui/react/macro';
import { STOCK_LABELS } from '@/lib/product';
import type { StockStatus } from '@/lib/types';

const STYLES = {
  inStock: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lowStock: 'bg-amber-50 text-amber-900 ring-amber-200',
  outOfStock: 'bg-red-50 text-red-800 ring-red-200',
} as const;

/** The server's stock status in words: In Stock, Low Stock or Out of Stock. */
export function StockBadge({ status }: { status: StockStatus }) {
  const { i18n } = useLingui();
  return (
    <span
      data-testid="stock-badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[status]}`}
    >
      {i18n._(STOCK_LABELS[status])}
    </span>
  );
}
