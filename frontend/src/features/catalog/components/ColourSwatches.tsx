import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { OptionGroup } from './VariantPicker';

const COLOURS = [
  { name: 'Gray', label: msg`Gray`, swatch: 'bg-stone-400' },
  { name: 'Pink', label: msg`Pink`, swatch: 'bg-pink-400' },
  { name: 'Blue', label: msg`Blue`, swatch: 'bg-sky-500' },
  { name: 'Green', label: msg`Green`, swatch: 'bg-emerald-500' },
] as const;

/** The storefront's fixed colour choice, display only: for products that do not come in colours. */
export function ColourSwatches() {
  const [colour, setColour] = useState<string>(COLOURS[0].name);
  const { t, i18n } = useLingui();
  const chosen = COLOURS.find((c) => c.name === colour);
  return (
    <OptionGroup label={t`Colour`} value={chosen ? i18n._(chosen.label) : colour}>
      <div className="flex gap-1">
        {COLOURS.map((c) => (
          <label key={c.name} className="flex h-11 w-11 cursor-pointer items-center justify-center">
            <input
              type="radio"
              name="colour"
              value={c.name}
              checked={colour === c.name}
              onChange={() => setColour(c.name)}
              className="peer sr-only"
            />
            <span
              className={`block h-9 w-9 rounded-full ${c.swatch} ring-2 ring-transparent ring-offset-2 peer-checked:ring-stone-900 peer-focus-visible:ring-brand-600`}
              title={i18n._(c.label)}
            />
            <span className="sr-only">{i18n._(c.label)}</span>
          </label>
        ))}
      </div>
    </OptionGroup>
  );
}
