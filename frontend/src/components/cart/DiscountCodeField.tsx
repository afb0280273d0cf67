/**
 * The 'Discount code' field of the cart and checkout summaries: a code to type and apply, or
 * the code the cart holds with Remove. The server's refusal, or why a held code no longer
 * applies, is shown under it; the totals are the server's (CartSummary).
 */
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '@/components/ui/Field';
import { btn, field } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { Cart } from '@/lib/types';
import { useApplyDiscount, useRemoveDiscount } from '@/lib/api/cart';

export function DiscountCodeField({ cart, className }: { cart: Cart; className?: string }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const labelId = useId();
  // After Apply or Remove, the control that takes the place of the one used gets the focus.
  const focusNext = useRef(false);
  const takeFocus = useCallback((el: HTMLElement | null) => {
    if (el && focusNext.current) {
      focusNext.current = false;
      el.focus();
    }
  }, []);

  const apply = useApplyDiscount({
    onSuccess: () => {
      focusNext.current = true;
      setCode('');
      setError(undefined);
    },
    onError: (err) => setError(errorMessage(err, t`Failed to apply the discount code`)),
  });
  const remove = useRemoveDiscount({
    onSuccess: () => {
      focusNext.current = true;
    },
    onError: (err) => toast.error(errorMessage(err, t`Failed to remove the discount code`)),
  });

  const held = cart.discount?.code ?? cart.discountNotApplied?.code;
  if (held) {
    return (
      <div role="group" aria-labelledby={labelId} className={className}>
        <p id={labelId} className={field.label}>
          <Trans>Discount code</Trans>
        </p>
        <div className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 py-1 pl-3 pr-1 ring-1 ring-stone-200">
          <span className="min-w-0 break-all font-mono font-semibold text-stone-900" data-testid="discount-code">
            {held}
          </span>
          <button
            ref={takeFocus}
            type="button"
            className={`${btn.ghost} text-sm text-red-700`}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <Trans>
              Remove <span className="sr-only">discount code {held}</span>
            </Trans>
          </button>
        </div>
        {cart.discountNotApplied && (
          <p role="alert" className={field.error}>
            {cart.discountNotApplied.message}
          </p>
        )}
      </div>
    );
  }

  const typed = code.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed && !apply.isPending) apply.mutate(typed);
  };
  return (
    <form onSubmit={submit} noValidate className={className}>
      <Field label={t`Discount code`} error={error} announceError>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              ref={takeFocus}
              name="discountCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${field.input} min-w-0 font-mono`}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setError(undefined);
              }}
            />
            <button type="submit" className={`${btn.secondary} shrink-0`} disabled={!typed || apply.isPending}>
              <Trans>Apply</Trans>
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
