import { useLingui } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import type { OrderLine } from '@/lib/types';
import { LineVariant } from './LineVariant';

/** An order's lines as the order keeps them: name, size and colour, quantity and line total. */
export function OrderItems({ lines, className = '' }: { lines: readonly OrderLine[]; className?: string }) {
  const { t } = useLingui();
  return (
    <ul className={`space-y-1.5 ${className}`}>
      {lines.map((line, i) => (
        <li key={i} className="flex justify-between gap-3" data-testid="order-line">
          <div className="min-w-0">
            <p>
              {line.name ?? line.productId?.name ?? t`Product`} × {line.quantity}
            </p>
            <LineVariant variant={line.variant} />
          </div>
          {typeof line.lineTotal === 'number' && <span className="whitespace-nowrap">{formatPrice(line.lineTotal)}</span>}
        </li>
      ))}
    </ul>
  );
}
