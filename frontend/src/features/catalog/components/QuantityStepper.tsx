import { useLingui } from '@lingui/react/macro';
import { MinusIcon, PlusIcon } from '@/components/ui/icons';
import { btn } from '@/components/ui/styles';

/** Quantity stepper bounded by 1 and `max`. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
  label?: string;
}) {
  const { t } = useLingui();
  const name = label ?? t`Quantity`;
  const set = (n: number) => onChange(Math.min(Math.max(1, n), Math.max(1, max)));
  return (
    <div className="inline-flex items-center rounded-lg ring-1 ring-stone-300" role="group" aria-label={name}>
      <button type="button" className={btn.icon} onClick={() => set(value - 1)} disabled={value <= 1} aria-label={t`Decrease quantity`}>
        <MinusIcon size={16} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={value}
        aria-label={name}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          if (Number.isFinite(n)) set(n);
        }}
        className="h-11 w-12 appearance-none border-0 bg-transparent text-center font-semibold focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className={btn.icon} onClick={() => set(value + 1)} disabled={value >= max} aria-label={t`Increase quantity`}>
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
