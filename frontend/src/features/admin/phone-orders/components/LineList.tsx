import { useLingui } from '@lingui/react/macro';
import { LineVariant } from '@/components/ui/LineVariant';
import { btn, field } from '@/components/ui/styles';
import { variantLabel } from '@/lib/variants';
import { CountField } from '../../components/fields';
import { lineErrors, type DraftLine, type ServerErrors } from '../order-form';

/** The lines chosen so far: each with its quantity (from 1 to the stock there was) and Remove, and the server's messages about it. */
export function LineList({
  lines,
  errors,
  onQuantity,
  onRemove,
}: {
  lines: readonly DraftLine[];
  errors: ServerErrors;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-stone-200" aria-labelledby="order-lines-title">
      {lines.map((line, i) => {
        const what = line.variant ? `${line.name} (${variantLabel(line.variant)})` : line.name;
        const messages = lineErrors(errors, i);
        return (
          <li key={line.key} className="flex flex-wrap items-end justify-between gap-3 py-3" data-testid="draft-line">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{line.name}</p>
              <LineVariant variant={line.variant} />
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
          </li>
        );
      })}
    </ul>
  );
}
