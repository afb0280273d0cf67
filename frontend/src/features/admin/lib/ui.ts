/** Class names shared by the admin screens (tables, cards, filters), and how they write dates and numbers. */
import { dateLocale } from '@/i18n';

const tableRows = 'divide-y divide-stone-200 text-left text-sm';

export const admin = {
  card: 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200',
  /** The card look of a list's table box (`DataTable` makes it scroll). */
  tableWrap: 'relative rounded-xl bg-white shadow-sm ring-1 ring-stone-200',
  table: `min-w-full ${tableRows}`,
  /** For a table that sets its own minimum width (min-w-full would win over it in the CSS). */
  tableRows,
  th: 'px-4 py-3 text-xs font-semibold uppercase tracking-wide text-stone-600',
  td: 'px-4 py-3 align-top text-stone-800',
  select:
    'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200',
  action:
    // 44 px high: a tap target a thumb can hit (WCAG 2.5.5).
    'inline-flex min-h-11 items-center rounded-md px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700',
  pageTitle: 'text-2xl font-bold tracking-tight text-stone-900',
};

export { formatDateTime } from '@/lib/format';

/** Short date in the language shown, e.g. Nov 2, 2026 (Somali: Nof 2, 2026). */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return shortDate(d, { year: true });
}

/**
 * CLDR's abbreviated Somali months, for a browser whose Intl has no Somali (Chromium and Chrome
 * ship none: they would write English). Intl writes the same where it has Somali.
 */
export const SOMALI_MONTHS = ['Jan', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Lul', 'Ogs', 'Seb', 'Okt', 'Nof', 'Dis'];

/** Whether this browser's Intl writes dates in `locale` (rather than falling back to its default). */
const intlSpeaks = (locale: string) => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

/**
 * A day as month (abbreviated) and day, with the year when `year`, in the language shown:
 * 'Nov 2, 2026' or 'Nof 2, 2026' (CLDR's 'MMM d, y' in both). `utc` reads the date in UTC
 * (a report's days are UTC dates).
 */
export function shortDate(d: Date, { year = false, utc = false }: { year?: boolean; utc?: boolean } = {}): string {
  const locale = dateLocale();
  if (locale !== 'so' || intlSpeaks(locale)) {
    return d.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: year ? 'numeric' : undefined, timeZone: utc ? 'UTC' : undefined });
  }
  const [month, day, y] = utc ? [d.getUTCMonth(), d.getUTCDate(), d.getUTCFullYear()] : [d.getMonth(), d.getDate(), d.getFullYear()];
  return year ? `${SOMALI_MONTHS[month]} ${day}, ${y}` : `${SOMALI_MONTHS[month]} ${day}`;
}

/** A count as the language shown writes it, e.g. 1,234. */
export const formatCount = (n: number): string => n.toLocaleString(dateLocale());

/**
 * A phone number as the back office shows it: a Somali mobile number, however it is stored or
 * was typed (the server keeps accounts' and payers' as `252615551234`; a delivery address keeps
 * it as typed: `0615551234`, `+252 61 555 1234`, `615551234`), is `+252 61 555 1234`. Read as
 * the server reads one (domain/src/phone.rs: spaces, dashes, dots and brackets ignored; 9 digits
 * starting with 6, 7 or 9 after 252 or 0). Anything else (a landline, a foreign number, an
 * e-mail) is shown as it is.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const trimmed = raw.trim();
  const plus = trimmed.startsWith('+');
  const rest = plus ? trimmed.slice(1) : trimmed;
  if (!/^[\d\s().-]+$/.test(rest)) return trimmed;
  const digits = rest.replace(/\D/g, '');
  let national: string | null = null;
  if (digits.length === 9 && !plus) national = digits;
  else if (digits.length === 10 && digits.startsWith('0') && !plus) national = digits.slice(1);
  else if (digits.length === 12 && digits.startsWith('252')) national = digits.slice(3);
  else if (digits.length === 14 && digits.startsWith('00252') && !plus) national = digits.slice(5);
  if (!national || !/^[679]/.test(national)) return trimmed;
  return `+252 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}

/** A delivery address with its phone as the back office shows it (formatPhone), for `ShippingAddressText`. */
export const withShownPhone = <A extends { phone: string }>(address: A): A => ({ ...address, phone: formatPhone(address.phone) });
