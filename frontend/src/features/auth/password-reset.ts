/**
 * What the sign-in and password pages pass each other: the e-mail typed on one page fills the
 * next one's field. From /login and /reset-password ('Send a new code') it travels in the
 * history state (the links stay plain /forgot-password); to /reset-password in its URL
 * (?email=), so the code's page still knows the account after a reload.
 */

/** The history state of a link to /forgot-password carrying the e-mail typed so far. */
export const forgotPasswordState = (email: string): { email: string } | undefined =>
  email.trim() ? { email: email.trim() } : undefined;

/** The e-mail a link to /forgot-password carried, else ''. */
export function emailFromState(state: unknown): string {
  const email = state && typeof state === 'object' ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}

/** /reset-password for this e-mail. */
export const resetPasswordUrl = (email: string) => `/reset-password?${new URLSearchParams({ email })}`;
