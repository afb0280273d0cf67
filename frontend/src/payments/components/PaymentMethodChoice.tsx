import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { field } from '@/components/ui/styles';
import type { CashOnDelivery, PaymentMethodId } from '@/lib/types';
import { paymentMethodName } from '../names';
import type { OfferedMethod } from '../types';

/**
 * 'Payment method': the methods offered as a radio group (the arrow keys move the choice), each
 * drawn as a card; cash on delivery disabled with its reason while the place or cart does not
 * allow it (`cash`, where cash is offered); the server's refusal of a method under the group.
 * Cash on delivery takes a whole row (its name on one line, its reason in small text below: two
 * lines at 390 px, not four in half a row), and so does the method before it when that one
 * would otherwise be left alone in its row on a phone.
 */
export function PaymentMethodChoice({
  offered,
  chosen,
  error,
  disabled,
  cash,
  onChoose,
}: {
  offered: readonly OfferedMethod[];
  chosen: PaymentMethodId;
  error?: string;
  cash?: CashOnDelivery;
  disabled: boolean;
  onChoose: (id: PaymentMethodId) => void;
}) {
  const { t } = useLingui();
  const group = useId();
  const errorId = `${group}-error`;
  // The methods but cash, and the last of them: with an odd number and cash after them, it takes the whole row too.
  const others = offered.filter((m) => m.kind !== 'cash').length;
  const withCash = offered.some((m) => m.kind === 'cash');
  const lastOther = withCash ? offered.reduce((last, m, i) => (m.kind === 'cash' ? last : i), -1) : -1;
  return (
    <fieldset className="mb-5" aria-describedby={error ? errorId : undefined}>
      <legend className={field.label}>{t`Payment method`}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))]">
        {offered.map((m, i) => {
          const refused = m.kind === 'cash' && !cash?.allowed;
          const wide = m.kind === 'cash' ? 'col-span-2' : i === lastOther && others % 2 === 1 ? 'col-span-2 sm:col-span-1' : '';
          const off = disabled || refused;
          const note = m.kind === 'card' || refused ? `${group}-${m.id}-note` : undefined;
          return (
            <label key={m.id} className={`${wide} ${off ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
              <input
                type="radio"
                name={`${group}-method`}
                value={m.id}
                checked={m.id === chosen}
                disabled={off}
                onChange={() => onChoose(m.id)}
                aria-labelledby={`${group}-${m.id}`}
                aria-describedby={note}
                className="peer sr-only"
              />
              <span className="flex min-h-14 flex-col justify-center rounded-xl bg-white px-3 py-2 ring-1 ring-stone-300 transition peer-checked:bg-brand-50 peer-checked:ring-2 peer-checked:ring-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:opacity-60 hover:ring-stone-500">
                <span id={`${group}-${m.id}`} className="font-semibold text-stone-900">
                  {paymentMethodName(m.id)}
                </span>
                {m.kind === 'card' && (
                  <span id={note} className="text-xs text-stone-600">
                    Visa · Mastercard
                  </span>
                )}
                {refused && (
                  <span id={note} className="text-xs leading-snug text-stone-700" data-testid="cash-refusal">
                    {cash?.reason ?? t`Choose where to deliver first`}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={field.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
