import { useId, type ReactNode } from 'react';
import { field } from './styles';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  className?: string;
}

/** What ties a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A label, the control `children` draws, and its hint and error, wired for assistive tech. */
export function Field({
  label,
  error,
  hint,
  id,
  className = '',
  announceError = false,
  children,
}: FieldProps & {
  /** The error is announced when it appears (role="alert"): for a refusal the server sends back. */
  announceError?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={field.label}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className={field.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={field.error} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
