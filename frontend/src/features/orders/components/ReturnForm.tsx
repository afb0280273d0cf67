/**
 * The shopper's return request: how many units of each line to send back (0 up to what the
 * server says is left of it) and why. What the form can check it checks with the server's words; any
 * refusal of the server (the 30 days over, more units than are left) is shown as it says it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '@/components/ui/Field';
import { ProductImage } from '@/components/ui/ProductImage';
import { btn, field } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { RETURN_REASON_MAX } from '@/lib/returns';
import type { OrderDetail, OrderReturn } from '@/lib/types';
import { variantLabel } from '@/lib/variants';
import { useCreateReturn } from '@/lib/api/returns';

export function ReturnForm({
  order,
  onDone,
  onCancel,
}: {
  order: OrderDetail;
  onDone: (ret: OrderReturn) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ items?: string; reason?: string }>({});
  const create = useCreateReturn({ onSuccess: (ret) => onDone(ret) });

  useEffect(() => heading.current?.focus(), []);

  const lines = order.products.filter((line) => line._id);
  const left = new Map(order.returnable.lines.map((line) => [line.lineId, line.units]));
  const chosen = lines
    .map((line) => ({ lineId: line._id as string, quantity: quantities[line._id as string] ?? 0 }))
    .filter((l) => l.quantity > 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      items: chosen.length === 0 ? t`Choose at least one item to return` : undefined,
      reason: reason.trim() ? undefined : t`Please tell us why you are returning these items`,
    };
    setErrors(problems);
    if (problems.items || problems.reason) {
      // The first thing to fix gets the focus: an item's quantity, else the reason.
      const form = e.currentTarget as HTMLFormElement;
      form.querySelector<HTMLElement>(problems.items ? 'select' : 'textarea')?.focus();
      return;
    }
    create.mutate({ orderId: order._id, body: { lines: chosen, reason: reason.trim() } });
  };

  const itemsErrorId = `${ids}-items-error`;
  const reasonLeft = RETURN_REASON_MAX - reason.length;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-title`}
      className="mt-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200 sm:p-5"
      id="return-form"
    >
      <h3 id={`${ids}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900 focus:outline-none">
        <Trans>Return items</Trans>
      </h3>
      <fieldset className="mt-3" aria-describedby={errors.items ? itemsErrorId : undefined}>
        <legend className="text-sm font-medium text-stone-800">
          <Trans>How many of each item are you sending back?</Trans>
        </legend>
        <ul className="mt-2 divide-y divide-stone-200">
          {lines.map((line) => {
            const lineId = line._id as string;
            const max = left.get(lineId) ?? 0;
            const controlId = `${ids}-line-${lineId}`;
            const bought = line.quantity;
            const title = (
              <>
                {line.name ?? line.productId?.name ?? t`Product`}
                {line.variant && (
                  <>
                    <span className="sr-only">,</span>{' '}
                    <span className="block text-sm font-normal text-stone-600">{variantLabel(line.variant)}</span>
                  </>
                )}
              </>
            );
            return (
              <li key={lineId} className="flex items-center gap-3 py-3" data-testid="return-form-line">
                <ProductImage path={line.image} alt="" width={48} height={60} className="h-15 w-12 shrink-0 rounded-md" />
                <div className="min-w-0 flex-1">
                  {max > 0 ? (
                    <label htmlFor={controlId} className="font-medium text-stone-900">
                      <span className="sr-only">
                        <Trans>Quantity to return of</Trans>
                      </span>{' '}
                      {title}
                    </label>
                  ) : (
                    <p className="font-medium text-stone-900">{title}</p>
                  )}
                  <p id={`${controlId}-hint`} className="text-sm text-stone-600">
                    {max === 0
                      ? t`Already in a return`
                      : max === bought
                        ? t`You bought ${bought}`
                        : t`${max} of ${bought} left to return`}
                  </p>
                </div>
                {max > 0 && (
                  // A box of its own: field.input's w-full would otherwise beat w-20 and squeeze the item's name to nothing.
                  <div className="w-20 shrink-0">
                    <select
                      id={controlId}
                      aria-describedby={`${controlId}-hint`}
                      value={quantities[lineId] ?? 0}
                      onChange={(e) => {
                        setQuantities((q) => ({ ...q, [lineId]: Number(e.target.value) }));
                        setErrors((er) => ({ ...er, items: undefined }));
                      }}
                      className={field.input}
                    >
                      {Array.from({ length: max + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {errors.items && (
          <p id={itemsErrorId} className={field.error}>
            {errors.items}
          </p>
        )}
      </fieldset>
      <Field
        label={t`Why are you returning them?`}
        error={errors.reason}
        hint={t`${reasonLeft} characters left`}
        className="mt-4"
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={RETURN_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors((er) => ({ ...er, reason: undefined }));
            }}
            className={field.input}
          />
        )}
      </Field>
      {create.isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {errorMessage(create.error, t`Your return request could not be sent. Please try again.`)}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={btn.secondary} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className={btn.primary} disabled={create.isPending}>
          {create.isPending ? t`Sending...` : t`Request return`}
        </button>
      </div>
    </form>
  );
}
