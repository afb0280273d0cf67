import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TrashIcon } from '@/components/ui/icons';
import { btn, field } from '@/components/ui/styles';
import { SIZE_PRESETS, type SizePreset } from '@/lib/sizes';
import { parseStock } from '@/lib/validation';
import { admin } from '../../lib/ui';
import { moveRow, newVariantRow, variantProblem, withSizes, type VariantField, type VariantRow } from '../variant-rows';

/** The grid's columns: each label and placeholder (`msg`) is drawn in the language shown. */
const COLUMNS: { field: VariantField; label: MessageDescriptor; placeholder?: MessageDescriptor; input: InputHTMLAttributes<HTMLInputElement> }[] = [
  { field: 'size', label: msg`Size`, input: { autoComplete: 'off' } },
  { field: 'colour', label: msg`Colour`, placeholder: msg`Optional`, input: { autoComplete: 'off' } },
  { field: 'sku', label: msg`SKU`, placeholder: msg`Made if blank`, input: { autoComplete: 'off' } },
  { field: 'stock', label: msg`Stock`, input: { type: 'number', inputMode: 'numeric', min: 0, step: 1 } },
];

/** A quick-fill button: 'Add Women sizes (XS to XXL)'. */
function presetLabel({ name, sizes }: SizePreset): string {
  const first = sizes[0];
  const last = sizes.at(-1);
  return select(name, {
    Women: `Add Women sizes (${first} to ${last})`,
    Kids: `Add Kids sizes (${first} to ${last})`,
    other: `Add ${name} sizes (${first} to ${last})`,
  });
}

const rowLayout = 'grid grid-cols-2 gap-2 sm:grid-cols-[5.5rem_7.5rem_1fr_5.5rem_auto] sm:items-center';

/**
 * The product form's sizes: a row per size (size, colour, SKU, stock), added one by one or the
 * usual ones at once, removed, and moved up or down (the shop shows them in this order). After a
 * move or a removal the keyboard focus stays with the row it acted on.
 */
export function VariantGrid({
  rows,
  error,
  onChange,
}: {
  rows: VariantRow[];
  /** The grid's message (the client's check or the server's `errors.variants`). */
  error?: string;
  onChange: (rows: VariantRow[]) => void;
}) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const addId = `${ids}-add`;
  const controlId = (row: VariantRow, part: string) => `${ids}-${row.key}-${part}`;
  // Where the focus goes once the rows have changed on screen.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  // The row and cell the message is about, when it is one the form can point to.
  const problem = error ? variantProblem(rows) : undefined;
  const total = rows.reduce((n, r) => n + (parseStock(r.stock) || 0), 0);

  const update = (index: number, f: VariantField, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [f]: value } : r)));
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const up = by < 0;
    // The same button, unless the row reached the end where it is disabled: then the other one.
    const atEnd = up ? to === 0 : to === rows.length - 1;
    focusAfter.current = controlId(rows[index], up !== atEnd ? 'up' : 'down');
    onChange(moveRow(rows, index, by));
  };
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1];
    focusAfter.current = neighbour ? controlId(neighbour, 'remove') : addId;
    onChange(next);
  };
  const add = () => {
    const row = newVariantRow();
    focusAfter.current = controlId(row, 'size');
    onChange([...rows, row]);
  };

  return (
    <fieldset className="sm:col-span-2" aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}>
      <legend className={field.label}>
        <Trans>Sizes and colours</Trans>
      </legend>
      <p id={hintId} className="mb-3 text-sm text-stone-600">
        <Trans>Leave empty for a one-size product. With sizes, each size keeps its own stock and the product's stock is their sum.</Trans>
      </p>
      {rows.length > 0 && (
        <>
          <div className={`${rowLayout} mb-1 hidden text-xs font-semibold uppercase tracking-wide text-stone-600 sm:grid`} aria-hidden="true">
            {COLUMNS.map((c) => (
              <span key={c.field}>{i18n._(c.label)}</span>
            ))}
          </div>
          <ol className="space-y-3 sm:space-y-2">
            {rows.map((row, index) => {
              const n = index + 1;
              return (
                <li key={row.key} className={`${rowLayout} rounded-lg bg-stone-50 p-2 sm:bg-transparent sm:p-0`} data-testid="variant-row">
                  {COLUMNS.map((c) => {
                    const invalid = problem?.row === index && problem.field === c.field;
                    return (
                      <div key={c.field}>
                        <label htmlFor={controlId(row, c.field)} className="text-xs font-medium text-stone-700 sm:sr-only">
                          {i18n._(c.label)}
                          <span className="sr-only">{t`, row ${n}`}</span>
                        </label>
                        <input
                          {...c.input}
                          placeholder={c.placeholder && i18n._(c.placeholder)}
                          id={controlId(row, c.field)}
                          value={row[c.field]}
                          onChange={(e) => update(index, c.field, e.target.value)}
                          aria-invalid={invalid || undefined}
                          aria-describedby={invalid ? errorId : undefined}
                          className={`${field.input} py-2`}
                        />
                      </div>
                    );
                  })}
                  <div className="col-span-2 flex justify-end gap-1 sm:col-span-1">
                    <button
                      type="button"
                      id={controlId(row, 'up')}
                      className={btn.icon}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t`Move row ${n} up`}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      id={controlId(row, 'down')}
                      className={btn.icon}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t`Move row ${n} down`}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      id={controlId(row, 'remove')}
                      className={`${btn.icon} text-red-700`}
                      onClick={() => remove(index)}
                      aria-label={t`Remove row ${n}`}
                    >
                      <TrashIcon size={18} />
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          <p className="mt-2 text-sm text-stone-700" data-testid="variants-total">
            <Trans>
              Total stock: <span className="font-semibold">{total}</span>
            </Trans>
          </p>
        </>
      )}
      {error && (
        <p id={errorId} className={field.error}>
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" id={addId} className={`${admin.action} text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50`} onClick={add}>
          <Trans>Add size</Trans>
        </button>
        {SIZE_PRESETS.map((preset) => (
          <button
            key={preset.name}
            type="button"
            className={`${admin.action} text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100`}
            onClick={() => onChange(withSizes(rows, preset.sizes))}
          >
            {presetLabel(preset)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
