import { useLanguage } from '@/i18n';
import { SelectField } from '../../components/fields';

export interface FilterOption<V extends string> {
  value: V;
  /** In the language shown when read (lib/translated's `choice`). */
  label: string;
}

/** A labelled choice of one filter's values ('' is the "all" option). */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly FilterOption<V>[];
  onChange: (value: V) => void;
}) {
  // The choices' labels are read in the language shown: drawn again when it changes.
  useLanguage();
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}
