/** Labelled form controls for the admin forms, framed like the storefront's (`Field`), and their buttons. */
import type { ComponentProps, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, type FieldProps } from '@/components/ui/Field';
import { TextField } from '@/components/ui/TextField';
import { btn, field } from '@/components/ui/styles';
import { admin } from '../lib/ui';

export { TextField };

type TextFieldProps = ComponentProps<typeof TextField>;

export function TextAreaField({ label, error, hint, id, className, ...rest }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea {...rest} {...control} className={field.input} />}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...rest
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...rest} {...control} className={admin.select}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** An amount in dollars and cents, 0 or more. */
export function MoneyField(props: TextFieldProps) {
  return <TextField type="number" inputMode="decimal" min={0} step={0.01} {...props} />;
}

/** A whole number from `min` (0 unless given). */
export function CountField({ min = 0, ...props }: TextFieldProps) {
  return <TextField type="number" inputMode="numeric" min={min} step={1} {...props} />;
}

/** A checkbox with its label after it, across both columns of a two-column form. */
export function CheckboxField({ label, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
      <input type="checkbox" {...rest} className="h-4 w-4 rounded border-stone-400 accent-brand-700" />
      {label}
    </label>
  );
}

/** A form's submit button: it says 'Saving...' and is disabled while the form is sent. */
export function SaveButton({ busy, label }: { busy: boolean; label: string }) {
  const { t } = useLingui();
  return (
    <button type="submit" className={btn.primary} disabled={busy}>
      {busy ? t`Saving...` : label}
    </button>
  );
}

/** The foot of a form in a dialog: Cancel, and the submit button; stacked on a phone, the submit button on top. */
export function DialogFormActions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:col-span-2 sm:flex-row sm:justify-end">
      <button type="button" className={btn.secondary} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <SaveButton busy={busy} label={label} />
    </div>
  );
}
