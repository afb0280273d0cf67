import { useLingui } from '@lingui/react/macro';
import { LineVariant } from '@/components/ui/LineVariant';
import { ProductImage } from '@/components/ui/ProductImage';
import { btn, field } from '@/components/ui/styles';
import { formatPrice } from '@/lib/format';
import type { PhoneOrderQuote } from '@/lib/types';
import { variantLabel } from '@/lib/variants';
import { CountField } from '../../components/fields';
import { lineErrors, quotedLine, type DraftLine, type ServerErrors } from '../order-form';

/**
 * The lines chosen so far: each with the picture of its colour, its price and line total as the
 * server's quote gives them (none until it has priced the line), its quantity (from 1 to the
 * stock there was) and Remove, and the server's messages about it.
 */
export function LineList({
  lines,
  errors,
  quote,
  updating,
  onQuantity,
  onRemove,
}: {
  lines: readonly DraftLine[];
  errors: ServerErrors;
  /** The server's latest quote, if any. */
  quote: PhoneOrderQuote | undefined;
  /** The quote shown is older than the lines: its prices are dimmed until the next arrives. */
  updating: boolean;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-stone-200" aria-labelledby="order-lines-title">
      {lines.map((line, i) => {
        const what = line.variant ? `${line.name} (${variantLabel(line.variant)})` : line.name;
        const messages = lineErrors(errors, i);
        const priced = quotedLine(quote, line);
        const price = priced ? formatPrice(priced.price) : '';
        // The quote's line total is for the quantity it priced: another quantity waits for the next quote.
        const current = priced && priced.quantity === line.quantity && !updating;
        return (
          <li key={line.key} className="flex gap-3 py-3" data-testid="draft-line">
            <ProductImage path={priced?.image} alt="" width={48} height={64} className="h-16 w-12 shrink-0 rounded-md" />
            <div className="flex min-w-0 flex-1 flex-wrap items-end justify-between gap-3">
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold break-words text-stone-900">{line.name}</p>
                <LineVariant variant={line.variant} />
                <p className={`text-sm ${current ? 'text-stone-700' : 'text-stone-500'}`} data-testid="line-price">
                  {priced ? (
                    <>
                      {t`${price} each`}
                      {' · '}
                      <span className="sr-only">{t`Line total`} </span>
                      <span className="font-semibold text-stone-900">{formatPrice(priced.lineTotal)}</span>
                    </>
                  ) : (
                    t`Pricing...`
                  )}
                </p>
                {messages.map((message) => (
                  <p key={message} className={field.error}>
                    {message}
                  </p>
                ))}
              </div>
              <CountField
                className="w-24"
                label={t`Quantity`}
                aria-label={t`Quantity of ${what}`}
                min={1}
                max={line.stock}
                value={line.quantity > 0 ? String(line.quantity) : ''}
                onChange={(e) => onQuantity(line.key, Number.parseInt(e.target.value, 10) || 0)}
              />
              <button type="button" className={btn.ghost} onClick={() => onRemove(line.key)} aria-label={t`Remove ${what}`}>
                {t`Remove`}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
