import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import type { OrderLine } from '@/lib/types';
import { LineVariant } from './LineVariant';
import { ProductImage } from './ProductImage';

/**
 * An order's lines with their pictures (each the line's own, as the server kept it: the colour
 * bought, never the product's first picture; the placeholder when it has none): name, size and colour (and SKU for the back office),
 * quantity, price and line total, and what `action` draws for a line (the shopper's 'Review').
 */
export function OrderLineList({
  lines,
  showSku = false,
  action,
}: {
  lines: readonly OrderLine[];
  showSku?: boolean;
  action?: (line: OrderLine, name: string) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-stone-200">
      {lines.map((line, i) => {
        const name = line.name ?? line.productId?.name ?? t`Product`;
        const quantity = line.quantity;
        return (
          <li key={line._id ?? i} className="flex gap-4 py-3 first:pt-0 last:pb-0" data-testid="order-line">
            <ProductImage
              path={line.image}
              alt=""
              width={64}
              height={80}
              className="h-20 w-16 shrink-0 rounded-lg"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{name}</p>
                <LineVariant variant={line.variant} />
                {showSku && line.variant?.sku && <p className="text-sm text-stone-600">SKU {line.variant.sku}</p>}
                <p className="text-sm text-stone-600">
                  <Trans>Qty {quantity}</Trans>
                  {typeof line.price === 'number' && <> × {formatPrice(line.price)}</>}
                </p>
              </div>
              {(typeof line.lineTotal === 'number' || action) && (
                <div className="flex flex-col gap-1 sm:items-end">
                  {typeof line.lineTotal === 'number' && (
                    <p className="font-semibold whitespace-nowrap text-stone-900">{formatPrice(line.lineTotal)}</p>
                  )}
                  {action?.(line, name)}
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
