/** Form rules shared by registration, profile and admin forms (messages in the language shown). */
import { t } from '@lingui/core/macro';

export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateName(name: string): string | undefined {
  return name.trim() ? undefined : t`Name is required`;
}

export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return t`Email is required`;
  if (!EMAIL_RE.test(email.trim())) return t`Email is invalid`;
  return undefined;
}

/**
 * The e-mail of an account being edited: required, unless the stored account has none (staff
 * made it by phone): a blank one then keeps it without one, and a typed one is checked.
 */
export function validateAccountEmail(email: string, storedWithout: boolean): string | undefined {
  return storedWithout && !email.trim() ? undefined : validateEmail(email);
}

export function validatePhone(phone: string): string | undefined {
  return phone.trim() ? undefined : t`Phone number is required`;
}

export function validateNewPassword(password: string): string | undefined {
  if (!password) return t`Password is required`;
  if (password.length < MIN_PASSWORD_LENGTH) return t`Password must be at least 6 characters`;
  return undefined;
}

export function validateConfirmation(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : t`Passwords do not match`;
}

/** A number as typed into a form; NaN when blank. */
export const parseNumber = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/** A stock as typed: a whole number of 0 or more, else NaN. */
export function parseStock(text: string): number {
  const n = parseNumber(text);
  return Number.isInteger(n) && n >= 0 ? n : NaN;
}

/** Drops undefined entries; an empty object means valid. */
export function compact<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const [k, v] of Object.entries(errors) as [K, string | undefined][]) if (v) out[k] = v;
  return out;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The password-reset code as typed: spaces (a pasted '123 456') are dropped. */
export const normalizeResetCode = (code: string): string => code.replace(/\s+/g, '');

/** The code sent by e-mail to reset a password: exactly 6 digits. */
export function validateResetCode(code: string): string | undefined {
  return /^[0-9]{6}$/.test(normalizeResetCode(code)) ? undefined : t`Enter the 6-digit code`;
}
