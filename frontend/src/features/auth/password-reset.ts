/**
 * The account the sign-in and password pages name, and what they pass each other. An account
 * is named by its e-mail, or, when staff made it over the phone without one, by its mobile
 * number (the server normalises the number as typed). What was typed on one page fills the
 * next one's field: from /login and /reset-password ('Send a new code') it travels in the
 * history state (the links stay plain /forgot-password); to /reset-password in its URL
 * (?email= or ?phone=), so the code's page still knows the account after a reload.
 */
import { validateEmail, validatePhone } from '@/lib/validation';

/** The field that names an account (and the request's key for it). */
export type AccountKind = 'email' | 'phone';
/** An account as the requests name it: `{email}`, or `{phone}` for an account without an e-mail. */
export type AccountId = { email: string } | { phone: string };

export const kindOf = (account: AccountId): AccountKind => ('phone' in account ? 'phone' : 'email');
export const valueOf = (account: AccountId): string => ('phone' in account ? account.phone : account.email);

/** The account named by what was typed into the field of `kind` (trimmed). */
export const accountId = (kind: AccountKind, typed: string): AccountId =>
  kind === 'phone' ? { phone: typed.trim() } : { email: typed.trim() };

/** A form's e-mail and phone fields, the account's filled in (the other blank, for a switch). */
export const accountFields = (account: AccountId): Record<AccountKind, string> => ({
  email: '',
  phone: '',
  [kindOf(account)]: valueOf(account),
});

/** The message under the account's field before anything is sent (the server judges a phone number's shape). */
export const validateAccount = (account: AccountId): string | undefined =>
  'phone' in account ? validatePhone(account.phone) : validateEmail(account.email);

/** The account `get` names: its phone when it has one, else its e-mail ('' when neither). */
function readAccount(get: (key: AccountKind) => unknown): AccountId {
  const phone = get('phone');
  if (typeof phone === 'string') return { phone };
  const email = get('email');
  return { email: typeof email === 'string' ? email : '' };
}

/** The history state of a link to /forgot-password carrying what was typed so far (none when blank). */
export function forgotPasswordState(account: AccountId): AccountId | undefined {
  const trimmed = accountId(kindOf(account), valueOf(account));
  return valueOf(trimmed) ? trimmed : undefined;
}

/** The account a link to /forgot-password carried, else a blank e-mail. */
export const accountFromState = (state: unknown): AccountId =>
  readAccount((key) => (state && typeof state === 'object' ? (state as Partial<Record<AccountKind, unknown>>)[key] : undefined));

/** /reset-password for this account. */
export const resetPasswordUrl = (account: AccountId) => `/reset-password?${new URLSearchParams(account)}`;

/** The account /reset-password's URL names, else a blank e-mail. */
export const accountFromSearch = (params: URLSearchParams): AccountId => readAccount((key) => params.get(key));
