/**
 * A discount code in the back office: how it reads in the table (what it takes off, its uses,
 * its status) and the add/edit form's state and payload. The rules themselves are the
 * server's (domain/src/discount.rs): it answers bad input with a message per field.
 */
import { msg, t } from '@lingui/core/macro';
import { formatPrice } from '@/lib/format';
import type { Discount, DiscountInput, DiscountKind } from '@/lib/types';
import { parseNumber } from '@/lib/validation';
import type { FilterOption } from '../lib/list';
import { choice, translated } from '../lib/translated';

export const DISCOUNT_KINDS: readonly FilterOption<DiscountKind>[] = [
  choice('percent', msg`Percent off`),
  choice('fixed', msg`Fixed amount off`),
  choice('freeShipping', msg`Free shipping`),
];

/** What the code takes off, e.g. '15% off', '$5.00 off', 'Free shipping' (in the language shown). */
export function describeDiscount({ kind, value }: Pick<Discount, 'kind' | 'value'>): string {
  switch (kind) {
    case 'percent':
      return t`${value}% off`;
    case 'fixed': {
      const amount = formatPrice(value);
      return t`${amount} off`;
    }
    case 'freeShipping':
      return t`Free shipping`;
  }
}

/** Orders that used it, of its limit when it has one: '3 / 100' or '3'. */
export const usesText = ({ timesUsed, usageLimit }: Pick<Discount, 'timesUsed' | 'usageLimit'>) =>
  usageLimit === null ? String(timesUsed) : `${timesUsed} / ${usageLimit}`;

export type DiscountStatus = 'Active' | 'Inactive' | 'Scheduled' | 'Expired' | 'Used up';

/** Each status as shown, in the language shown. */
export const DISCOUNT_STATUS_NAMES: Readonly<Record<DiscountStatus, string>> = translated({
  Active: msg`Active`,
  Inactive: msg`Inactive`,
  Scheduled: msg`Scheduled`,
  Expired: msg`Expired`,
  'Used up': msg`Used up`,
});

/** Whether shoppers can use it now, and if not why, as the server decides it (ended at `endsAt`, started at `startsAt`). */
export function discountStatus(d: Discount, now = new Date()): DiscountStatus {
  if (!d.active) return 'Inactive';
  if (d.endsAt && new Date(d.endsAt) <= now) return 'Expired';
  if (d.usageLimit !== null && d.timesUsed >= d.usageLimit) return 'Used up';
  if (d.startsAt && new Date(d.startsAt) > now) return 'Scheduled';
  return 'Active';
}

/** An RFC 3339 instant as a datetime-local value: the admin's local time, to the minute; '' for none. */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the admin's local time) as an RFC 3339 UTC instant; null when blank. */
export const fromLocalDateTime = (local: string): string | null => (local ? new Date(local).toISOString() : null);

export type DiscountField = Exclude<keyof DiscountInput, 'active'>;
export const DISCOUNT_FIELDS: readonly DiscountField[] = [
  'code',
  'kind',
  'value',
  'minSubtotal',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
];

/** The form as typed: numbers as text, dates as datetime-local values. */
export type DiscountForm = Record<Exclude<DiscountField, 'kind'>, string> & { kind: DiscountKind; active: boolean };

export const emptyDiscountForm = (): DiscountForm => ({
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  active: true,
});

const numberText = (n: number | null) => (n === null ? '' : String(n));

export const discountFormFrom = (d: Discount): DiscountForm => ({
  code: d.code,
  kind: d.kind,
  value: d.kind === 'freeShipping' ? '' : String(d.value),
  minSubtotal: numberText(d.minSubtotal),
  startsAt: toLocalDateTime(d.startsAt),
  endsAt: toLocalDateTime(d.endsAt),
  usageLimit: numberText(d.usageLimit),
  perCustomerLimit: numberText(d.perCustomerLimit),
  active: d.active,
});

/** A number field as sent: null when blank. */
const numberOrNull = (text: string): number | null => {
  const n = parseNumber(text);
  return Number.isNaN(n) ? null : n;
};

/** Every field, as POST and PUT take them; a free-shipping code's value is 0. */
export const toDiscountInput = (form: DiscountForm): DiscountInput => ({
  code: form.code.trim(),
  kind: form.kind,
  value: form.kind === 'freeShipping' ? 0 : numberOrNull(form.value),
  minSubtotal: numberOrNull(form.minSubtotal),
  startsAt: fromLocalDateTime(form.startsAt),
  endsAt: fromLocalDateTime(form.endsAt),
  usageLimit: numberOrNull(form.usageLimit),
  perCustomerLimit: numberOrNull(form.perCustomerLimit),
  active: form.active,
});

/** The code as it stands with `active` switched: what Deactivate and Activate send (PUT takes every field). */
export const switchedActive = ({ code, kind, value, minSubtotal, startsAt, endsAt, usageLimit, perCustomerLimit, active }: Discount): DiscountInput => ({
  code,
  kind,
  value,
  minSubtotal,
  startsAt,
  endsAt,
  usageLimit,
  perCustomerLimit,
  active: !active,
});

export const deleteDiscountQuestion = (code: string) =>
  t`Are you sure you want to delete the discount code "${code}"? Orders that used it keep their discount; carts holding it lose it.`;
