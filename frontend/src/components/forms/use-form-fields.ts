import { useState, type ChangeEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { hasErrors, type FieldErrors } from '@/lib/validation';

/** What a TextField (or a select) needs to edit one field of a form: its name, value, error and change handler. */
export interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/**
 * The server's per-field messages for the fields `fields` of a form, each read under its own
 * name or the one `sentAs` gives (the form's `newPassword` is sent as `password`).
 */
export function serverFieldErrors<K extends string>(
  err: unknown,
  fields: readonly K[],
  sentAs: Partial<Record<K, string>> = {},
): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  if (!(err instanceof ApiError)) return out;
  for (const field of fields) {
    const message = err.fieldErrors[sentAs[field] ?? field];
    if (message) out[field] = message;
  }
  return out;
}

/** A form of text fields: their values, the messages shown under them, and what binds each to its input. */
export function useFormFields<K extends string>(initial: Record<K, string> | (() => Record<K, string>)) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  /** Sets one value and clears its field's message, and only that one. */
  const set = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest as FieldErrors<K>);
  };
  return {
    values,
    errors,
    set,
    /** A field's message clears as that field is edited, and only that one. */
    bind: (name: K): FieldBinding => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (e) => set(name, e.target.value),
    }),
    /** Shows what `rules` find in the values (and nothing else); true when they find nothing. */
    check: (rules: (values: Record<K, string>) => FieldErrors<K>): boolean => {
      const found = rules(values);
      setErrors(found);
      return !hasErrors(found);
    },
    /** Adds messages (the server's) to those shown. */
    addErrors: (more: FieldErrors<K>) => setErrors((e) => ({ ...e, ...more })),
    /** Back to `to`, no message shown. */
    reset: (to: Record<K, string>) => {
      setValues(to);
      setErrors({});
    },
  };
}
