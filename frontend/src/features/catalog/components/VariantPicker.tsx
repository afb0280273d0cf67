import { useId, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Variant } from '@/lib/types';
import { colourOf, coloursOf, NO_COLOUR } from '@/lib/variants';

/** A product page choice (colour, size) with what is chosen in its legend, e.g. 'Colour: Black'. */
export function OptionGroup({ label, value, children }: { label: string; value?: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">
        {label}
        {value && (
          <>
            : <span className="font-normal">{value}</span>
          </>
        )}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * One choice of a radio group drawn as a button, with a note under it tied to it for assistive
 * tech. A sold-out choice is drawn struck through but can still be chosen (to be told when it is back).
 */
function Choice({
  group,
  value,
  label,
  checked,
  soldOut = false,
  note,
  onChoose,
}: {
  group: string;
  value: string;
  label: string;
  checked: boolean;
  soldOut?: boolean;
  note?: string;
  onChoose: () => void;
}) {
  const noteId = useId();
  return (
    <li className="flex flex-col items-center gap-1">
      <label className="cursor-pointer">
        <input
          type="radio"
          name={group}
          value={value}
          checked={checked}
          onChange={onChoose}
          aria-describedby={note ? noteId : undefined}
          className="peer sr-only"
        />
        <span
          className={`flex h-11 min-w-12 items-center justify-center rounded-lg px-3 text-sm font-semibold ring-1 transition peer-checked:bg-stone-900 peer-checked:text-white peer-checked:ring-stone-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:ring-stone-500 ${
            soldOut ? 'bg-stone-100 text-stone-600 line-through ring-stone-300' : 'bg-white text-stone-900 ring-stone-300'
          }`}
        >
          {label}
        </span>
      </label>
      {note && (
        <span id={noteId} className={`text-xs font-medium ${soldOut ? 'text-stone-600' : 'text-amber-900'}`}>
          {note}
        </span>
      )}
    </li>
  );
}

/** 'Sold out' for a size with none left, 'Only N left' for one the server says is running low. */
function stockNote({ stock, runningLow }: Pick<Variant, 'stock' | 'runningLow'>): string | undefined {
  if (stock <= 0) return t`Sold out`;
  if (runningLow) return t`Only ${stock} left`;
  return undefined;
}

/**
 * The size choice of a product with variants, and its colour choice when they come in colours
 * (a colour shows that colour's sizes; the page keeps which one, as its gallery follows it). Radio groups: the arrow keys move within a group.
 * A sold-out size (or colour) says so and can be chosen: it cannot be bought, but the page then
 * offers to tell the shopper when it is back.
 */
export function VariantPicker({
  variants,
  value,
  onChange,
  colour,
  onColourChange,
}: {
  variants: readonly Variant[];
  /** The chosen size, sold out or not; null until one is chosen. */
  value: Variant | null;
  onChange: (variant: Variant | null) => void;
  /** The colour shown chosen; null when the sizes have no colours. */
  colour: string | null;
  onColourChange: (colour: string) => void;
}) {
  const { t } = useLingui();
  const colours = coloursOf(variants);
  const colourName = (c: string) => (c === NO_COLOUR ? t`Other` : c);
  const sizes = colours.length > 0 ? variants.filter((v) => colourOf(v) === colour) : variants;
  const hasStock = (c: string) => variants.some((v) => colourOf(v) === c && v.stock > 0);
  const group = useId();

  return (
    <>
      {colours.length > 0 && (
        <OptionGroup label={t`Colour`} value={colour === null ? undefined : colourName(colour)}>
          <ul className="flex flex-wrap gap-2">
            {colours.map((c) => (
              <Choice
                key={c}
                group={`${group}-colour`}
                value={c}
                label={colourName(c)}
                checked={c === colour}
                soldOut={!hasStock(c)}
                note={hasStock(c) ? undefined : t`Sold out`}
                onChoose={() => onColourChange(c)}
              />
            ))}
          </ul>
        </OptionGroup>
      )}
      <OptionGroup label={t`Size`} value={value?.size}>
        <ul className="flex flex-wrap gap-2">
          {sizes.map((v) => (
            <Choice
              key={v._id}
              group={`${group}-size`}
              value={v.size}
              label={v.size}
              checked={value?._id === v._id}
              soldOut={v.stock <= 0}
              note={stockNote(v)}
              onChoose={() => onChange(v)}
            />
          ))}
        </ul>
      </OptionGroup>
    </>
  );
}
