import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from '@/lib/validation';

/** The keys of a form's text values (what a text field, select or text area edits). */
type TextKey<F> = { [K in keyof F & string]: F[K] extends string ? K : never }[keyof F & string];

type ControlEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * An admin dialog's form: its values, the messages under its fields, and `bind`, which wires a
 * text field, select or text area to one value. Editing a field clears its message, and only
 * that one. (components/forms' useFormFields serves forms of text inputs only; these hold a role,
 * a checkbox, a picture or a size grid too.)
 */
export function useAdminForm<F extends object>(initial: () => F) {
  type Key = keyof F & string;
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});

  /** Sets one value and clears its field's message. */
  const set = <K extends Key>(key: K, value: F[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest as FieldErrors<Key>);
  };

  return {
    values,
    errors,
    set,
    /** The props of the control editing the text value `key`: its name, value, message and change handler. */
    bind: <K extends TextKey<F>>(key: K) => ({
      name: key,
      value: values[key] as string,
      error: errors[key],
      onChange: (e: ControlEvent) => set(key, e.target.value as F[K]),
    }),
    /** Shows these messages in place of those shown (what the checks before sending found). */
    showErrors: (found: FieldErrors<Key>) => setErrors(found),
    /** Adds messages (the server's) to those shown. */
    addErrors: (more: FieldErrors<Key>) => setErrors((e) => ({ ...e, ...more })),
  };
}
