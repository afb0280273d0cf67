/** Which wallet a Somali mobile number belongs to: the checkout's and the back office's payment forms pick it as the number is typed. */
import type { PaymentMethod } from '@/lib/types';

/**
 * The national digits of a Somali mobile number as typed, so far: spaces, dashes, dots and
 * brackets dropped, then a leading +, 00, 252 or 0. '+252 (63) 444-1234' is '634441234'.
 */
export function nationalDigits(typed: string): string {
  const digits = typed.replace(/[\s\-.()]/g, '').replace(/^(\+|00)/, '');
  if (digits.startsWith('252')) return digits.slice(3);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * The wallet among `methods` whose numbers start as `typed` does (its first two national
 * digits against each wallet's `prefixes`, as the server lists them); null until two digits
 * are typed, or for a number of no wallet listed.
 */
export function walletOfNumber<M extends Pick<PaymentMethod, 'kind' | 'prefixes'>>(typed: string, methods: readonly M[]): M | null {
  const prefix = nationalDigits(typed).slice(0, 2);
  if (!/^\d{2}$/.test(prefix)) return null;
  return methods.find((m) => m.kind === 'wallet' && (m.prefixes ?? []).includes(prefix)) ?? null;
}
