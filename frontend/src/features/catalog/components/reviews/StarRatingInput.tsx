import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { StarIcon } from '@/components/ui/icons';
import { field } from '@/components/ui/styles';
import { starsText } from '@/lib/reviews';

/**
 * The rating as five radio buttons drawn as stars: Tab reaches the group, the arrow keys choose
 * (native radio behaviour), a pointer previews on hover. Each is named '1 star' … '5 stars'.
 */
export function StarRatingInput({
  value,
  onChange,
  error,
  label,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const { t } = useLingui();
  const [hover, setHover] = useState<number | null>(null);
  const lit = hover ?? value ?? 0;
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={field.label}>{label ?? t`Your rating`}</legend>
      <div className="flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer" onMouseEnter={() => setHover(n)}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-invalid={error ? true : undefined}
                className="peer sr-only"
              />
              <span
                className={`flex h-11 w-11 items-center justify-center rounded-full peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 ${n <= lit ? 'text-amber-500' : 'text-stone-300'}`}
              >
                <StarIcon size={30} filled={n <= lit} />
              </span>
              <span className="sr-only">{starsText(n)}</span>
            </label>
          ))}
        </div>
        <span className="text-sm text-stone-700" aria-hidden="true">
          {value ? t`${{ stars: starsText(value) }} out of 5` : t`Choose 1 to 5 stars`}
        </span>
      </div>
      {error && (
        <p id={errorId} className={field.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
