import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';
import { field } from './styles';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input with its error and hint wired for assistive tech. */
export function TextField({ label, error, hint, id, className, ...rest }: Props) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...rest} {...control} className={field.input} />}
    </Field>
  );
}
