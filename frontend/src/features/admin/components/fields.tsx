/** Labelled form controls for the admin forms, framed like the storefront's (`Field`). */
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from '@/components/ui/Field';
import { field } from '@/components/ui/styles';
import { admin } from '../lib/ui';

export { TextField } from '@/components/ui/TextField';

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
