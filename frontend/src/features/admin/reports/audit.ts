/**
 * How an audit entry reads on screen (in the language shown): the action's label, what it was
 * done to (by name or number where the entry has one), and what changed, each field named in
 * words ('Delivery fee', 'Support phone') and each value as the back office writes it: prices in
 * dollars, yes or no, dates, statuses and roles by their names, phone numbers one way, sizes and
 * pictures summed up; never raw JSON or a whole UUID.
 */
import { msg, plural, t } from '@lingui/core/macro';
import { statusWord } from '@/components/ui/StatusBadge';
import { capitalize, formatDateTime, formatPrice } from '@/lib/format';
import { paymentMethodName } from '@/payments/names';
import type { AuditEntry, PaymentMethodId, Role } from '@/lib/types';
import { categoryName, deliveryDays, ROLE_NAMES, zonePlace } from '../lib/names';
import { shortDate } from '../lib/ui';
import { formatPhone } from '@/lib/phone-format';
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
  'rider.cash': msg`Received a rider's cash`,
});

/** A readable label; an action this screen does not know is shown as the server named it. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action] : action;
}

/** What an entry changed, as the back office names it: 'product' is 'Product'; a kind this screen does not know, capitalised. */
const ENTITY_NAMES = translated({
  product: msg`Product`,
  order: msg`Order`,
  user: msg`User`,
  settings: msg`Settings`,
  discount: msg`Discount`,
  zone: msg`Delivery zone`,
  rider: msg`Rider`,
  review: msg({ message: 'Review', context: "a shopper's review" }),
});
export const auditEntityName = (entity: string) =>
  Object.hasOwn(ENTITY_NAMES, entity) ? ENTITY_NAMES[entity as keyof typeof ENTITY_NAMES] : capitalize(entity);

/**
 * The fields the server records (domain/src/audit.rs' snapshots), each in words. A field this
 * screen does not know is written from its name ('someField' is 'Some field').
 */
const FIELD_NAMES = translated({
  // Products
  name: msg`Name`,
  description: msg`Description`,
  category: msg`Category`,
  tags: msg`Tags`,
  price: msg`Price`,
  discount: msg`Discount`,
  stock: msg`Stock`,
  variants: msg`Sizes`,
  isFeatured: msg`Featured`,
  image: msg`Picture`,
  colourImages: msg`Colour pictures`,
  // Users
  email: msg`E-mail`,
  phone: msg`Phone`,
  role: msg`Role`,
  mustChangePassword: msg`Must change password`,
  passwordChanged: msg`Password changed`,
  // Orders, payments, returns and refunds
  customer: msg`Customer`,
  channel: msg`Taken by`,
  items: msg`Items`,
  discountCode: msg`Discount code`,
  total: msg`Total`,
  status: msg`Status`,
  paymentStatus: msg`Payment`,
  transactionId: msg`Transaction`,
  returnId: msg`Return`,
  refundAmount: msg`Refund`,
  refundPaidWith: msg`Refund paid out with`,
  refundStatus: msg`Refund status`,
  resolution: msg`Resolution`,
  // Reviews
  reviewId: msg({ message: 'Review', context: "a shopper's review" }),
  author: msg`Author`,
  rating: msg`Rating`,
  title: msg`Title`,
  body: msg`Text`,
  hidden: msg`Hidden`,
  // Settings
  shopName: msg`Shop name`,
  supportPhone: msg`Support phone`,
  supportEmail: msg`Support e-mail`,
  shippingFee: msg`Delivery fee`,
  cashOnDeliveryMax: msg`Most paid in cash on delivery`,
  // Delivery zones
  city: msg`City`,
  district: msg`District`,
  fee: msg`Delivery fee`,
  etaDays: msg`Delivery time`,
  cashOnDelivery: msg`Cash on delivery`,
  served: msg`Served`,
  // Discount codes
  code: msg`Code`,
  kind: msg`Kind`,
  value: msg`Value`,
  minSubtotal: msg`Minimum subtotal`,
  startsAt: msg`Starts`,
  endsAt: msg`Ends`,
  usageLimit: msg`Uses allowed`,
  perCustomerLimit: msg`Uses per customer`,
  active: msg`Active`,
  // A rider's cash
  rider: msg`Rider`,
  day: msg`Day`,
  deliveries: msg`Cash deliveries`,
  handedIn: msg`Handed in`,
  collected: msg`Collected`,
  toHandIn: msg`Still to hand in`,
});

/** A field's name in words. */
export function auditFieldName(key: string): string {
  if (Object.hasOwn(FIELD_NAMES, key)) return FIELD_NAMES[key as keyof typeof FIELD_NAMES];
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return capitalize(words);
}

/** Fields holding dollars. */
const MONEY = new Set(['price', 'fee', 'shippingFee', 'cashOnDeliveryMax', 'refundAmount', 'minSubtotal', 'total', 'handedIn', 'collected', 'toHandIn']);
/** Fields holding phone numbers. */
const PHONES = new Set(['phone', 'supportPhone']);
/** Fields holding an instant (RFC 3339). */
const INSTANTS = new Set(['startsAt', 'endsAt']);
/** Fields holding the id of another thing, which the entry does not name. */
const IDS = new Set(['customer', 'product', 'returnId', 'reviewId']);

const PAYMENT_STATUS_NAMES = translated({
  pending: msg`Pending`,
  paid: msg`Paid`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
  partiallyRefunded: msg`Partially refunded`,
});
const CHANNEL_NAMES = translated({ web: msg`The shopper online`, phone: msg`Staff, by phone or chat` });
const REFUND_STATUS_NAMES = translated({ sending: msg`Being sent`, unconfirmed: msg`Sent, not answered` });
const RESOLUTION_NAMES = translated({ confirmed: msg`Confirmed as made`, resend: msg`Sent again` });
const DISCOUNT_KIND_NAMES = translated({ percent: msg`Percent off`, fixed: msg`Fixed amount off`, freeShipping: msg`Free shipping` });

/** A name of one of these maps, or the server's own word for a value this screen does not know. */
const nameIn = (names: Readonly<Record<string, string>>, value: string) => (Object.hasOwn(names, value) ? names[value] : value);

/** Shown for a value that is absent (a created or deleted entity) or null. */
export const NO_VALUE = '—';
const MAX_VALUE_LENGTH = 80;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id as people can tell ids apart: a UUID by its last six characters ('…00beef'); any other id as it is. */
export const shortId = (id: string) => (UUID.test(id) ? `…${id.slice(-6)}` : id);

const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A day (YYYY-MM-DD) as the back office writes days: 'Nov 20, 2026'. */
function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? shortDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), { year: true }) : day;
}

/** A product's sizes: 'M: 5, L · Black: 0'. */
function sizesText(variants: unknown[]): string {
  if (variants.length === 0) return t`One size`;
  return variants
    .map((v) => {
      if (!isRecord(v)) return String(v);
      const name = [v.size, v.colour].filter((part) => typeof part === 'string' && part !== '').join(' · ');
      return typeof v.stock === 'number' ? `${name}: ${v.stock}` : name;
    })
    .join(', ');
}

/** A colour's pictures by colour: 'Black: 2 pictures, Sand: 1 picture'. */
function colourPicturesText(galleries: Record<string, unknown>): string {
  const colours = Object.entries(galleries);
  if (colours.length === 0) return t`(none)`;
  return colours
    .map(([colour, pictures]) => {
      const count = Array.isArray(pictures) ? pictures.length : 0;
      return `${colour}: ${plural(count, { one: '# picture', other: '# pictures' })}`;
    })
    .join(', ');
}

/** A phone order's items: '2 × size M, 1 × one size'. */
function itemsText(items: unknown[]): string {
  return items
    .map((item) => {
      if (!isRecord(item)) return String(item);
      const size = typeof item.size === 'string' && item.size ? item.size : null;
      const which = size ? t`size ${size}` : t`one size`;
      return `${String(item.quantity ?? 1)} × ${which}`;
    })
    .join(', ');
}

/** Any other object, as its fields in words: 'Min 1, max 2'. */
const objectText = (value: Record<string, unknown>): string =>
  Object.entries(value)
    .map(([key, v]) => `${auditFieldName(key)}: ${valueText(key, v, value)}`)
    .join(', ');

/** One value as the back office writes it, read by its field (and, for a code's `value`, its `kind`). */
function valueText(key: string, value: unknown, snapshot: Readonly<Record<string, unknown>>): string {
  if (value === undefined || value === null || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') {
    if (MONEY.has(key)) return formatPrice(value);
    if (key === 'discount') return `${value}%`;
    if (key === 'rating') return plural(value, { one: '# star', other: '# stars' });
    if (key === 'value') return snapshot.kind === 'percent' ? `${value}%` : snapshot.kind === 'fixed' ? formatPrice(value) : String(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (PHONES.has(key)) return formatPhone(value);
    if (INSTANTS.has(key)) return formatDateTime(value) || value;
    if (key === 'day') return dayText(value);
    if (key === 'status') return statusWord(value);
    if (key === 'paymentStatus') return nameIn(PAYMENT_STATUS_NAMES, value);
    if (key === 'role') return Object.hasOwn(ROLE_NAMES, value) ? ROLE_NAMES[value as Role] : value;
    if (key === 'category') return categoryName(value);
    if (key === 'channel') return nameIn(CHANNEL_NAMES, value);
    if (key === 'kind') return nameIn(DISCOUNT_KIND_NAMES, value);
    if (key === 'refundStatus') return nameIn(REFUND_STATUS_NAMES, value);
    if (key === 'resolution') return nameIn(RESOLUTION_NAMES, value);
    if (key === 'refundPaidWith') return value === 'cash' ? t`Cash` : paymentMethodName(value as PaymentMethodId);
    // A picture is a file on the server: that there is one, not its path.
    if (key === 'image') return t`A picture`;
    if (IDS.has(key) || UUID.test(value)) return shortId(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (key === 'variants') return sizesText(value);
    if (key === 'items') return itemsText(value);
    if (value.length === 0) return t`(none)`;
    return value.map((v) => (isRecord(v) ? objectText(v) : valueText(key, v, snapshot))).join(value.some(isRecord) ? '; ' : ', ');
  }
  if (isRecord(value)) {
    if (key === 'etaDays' && typeof value.min === 'number' && typeof value.max === 'number') return deliveryDays({ min: value.min, max: value.max });
    if (key === 'colourImages') return colourPicturesText(value);
    return objectText(value);
  }
  return String(value);
}

/** One value as text (see valueText), long text shortened. */
export function formatAuditValue(value: unknown, key = '', snapshot: Readonly<Record<string, unknown>> = {}): string {
  const text = valueText(key, value, snapshot);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

export interface AuditChange {
  /** The field as the server names it. */
  key: string;
  /** The field in words. */
  label: string;
  before: string;
  after: string;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every field whose value differs between before and after, in the order the server sent them. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => !same(before[key], after[key]))
    .map((key) => {
      const change = { key, label: auditFieldName(key), before: formatAuditValue(before[key], key, before), after: formatAuditValue(after[key], key, after) };
      // Another picture in place of one: both are 'A picture', so the new one says so.
      if (key === 'image' && before[key] && after[key]) return { ...change, after: t`A new picture` };
      return change;
    });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * What an entry was done to, by the name or number its fields give (a product's or a user's
 * name, a code, a zone's place, a review's author and title, a rider's name); null when they
 * give none (an order, whose entry names no number: its short id is shown).
 */
export function auditSubject(entry: Pick<AuditEntry, 'action' | 'entity' | 'before' | 'after'>): string | null {
  const fields = { ...(entry.before ?? {}), ...(entry.after ?? {}) };
  if (entry.action.startsWith('review.')) {
    const author = text(fields.author);
    const title = text(fields.title);
    if (!author) return title;
    return title ? t`Review by ${author}: “${title}”` : t`Review by ${author}`;
  }
  switch (entry.entity) {
    case 'product':
    case 'user':
      return text(fields.name);
    case 'discount':
      return text(fields.code);
    case 'zone': {
      const city = text(fields.city);
      return city ? zonePlace({ city, district: text(fields.district) }) : null;
    }
    case 'rider':
      return text(fields.rider);
    default:
      return null;
  }
}
