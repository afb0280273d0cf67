/** How an audit entry reads on screen (in the language shown): the action's label and what changed. */
import { msg, t } from '@lingui/core/macro';
import type { AuditEntry } from '@/lib/types';
import { translated } from '../lib/translated';

/** Each action's label, read in the language shown. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = translated({
  'product.create': msg`Created a product`,
  'product.update': msg`Updated a product`,
  'product.delete': msg`Deleted a product`,
  'order.create': msg`Took an order by phone`,
  'order.status': msg`Changed an order status`,
  'order.payment': msg`Changed an order payment`,
  'order.return': msg`Changed an order return`,
  'order.refund': msg`Resolved a refund sent but not answered`,
  'user.create': msg`Created a user`,
  'user.update': msg`Updated a user`,
  'user.delete': msg`Deleted a user`,
  'settings.update': msg`Updated the shop settings`,
  'discount.create': msg`Created a discount code`,
  'discount.update': msg`Updated a discount code`,
  'discount.delete': msg`Deleted a discount code`,
  'zone.create': msg`Added a delivery zone`,
  'zone.update': msg`Changed a delivery zone`,
  'review.hide': msg`Hid a review`,
  'review.show': msg`Showed a review`,
  'review.delete': msg`Deleted a review`,
});

/** A readable label; an action this screen does not know is shown as the server named it. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action] : action;
}

export interface AuditChange {
  key: string;
  before: string;
  after: string;
}

/** Shown for a value that is absent (a created or deleted entity) or null. */
export const NO_VALUE = '—';
const MAX_VALUE_LENGTH = 80;

/** One value as text: strings as they are, lists joined, objects as JSON, long text shortened. */
export function formatAuditValue(value: unknown): string {
  let text: string;
  if (value === undefined || value === null || value === '') text = NO_VALUE;
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    text = value.length ? value.map((v) => String(v)).join(', ') : t`(none)`;
  else text = JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every key whose value differs between before and after, in the order the server sent them. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => !same(before[key], after[key]))
    .map((key) => ({ key, before: formatAuditValue(before[key]), after: formatAuditValue(after[key]) }));
}
