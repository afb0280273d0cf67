import { msg } from '@lingui/core/macro';
import { dateLocale, i18n } from '@/i18n';

/** Dollars with a dollar sign and two decimals, e.g. $24.00. */
export function formatPrice(amount: number | null | undefined): string {
  const n = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return `$${n.toFixed(2)}`;
}

/**
 * The months, for a browser whose Intl has no Somali (Chromium and Chrome ship none: they fall
 * back to English). Somali's are CLDR's, as Intl writes them where it has them.
 */
const MONTHS = [
  msg`January`,
  msg`February`,
  msg`March`,
  msg`April`,
  msg`May`,
  msg`June`,
  msg`July`,
  msg`August`,
  msg`September`,
  msg`October`,
  msg`November`,
  msg`December`,
];

/** Whether this browser's Intl writes dates in `locale` (rather than falling back to its default). */
const intlSpeaks = (locale: string) => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

/** A date as Intl writes it in the language shown; in Somali without Intl's help, as CLDR's 'MMMM d, y'. */
function writeDate(d: Date, withTime: boolean): string {
  const locale = dateLocale();
  if (locale !== 'so' || intlSpeaks(locale)) {
    return withTime
      ? d.toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
      : d.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
  }
  const date = `${i18n._(MONTHS[d.getMonth()])} ${d.getDate()}, ${d.getFullYear()}`;
  if (!withTime) return date;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Long date in the language shown, e.g. November 21, 2026 (Somali: Noofeembar 21, 2026). */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return writeDate(d, false);
}

/** Date and time in the language shown, e.g. Nov 2, 2026, 12:00 PM (Somali: Nof 2, 2026 ee 12:00 GD, or Noofeembar 2, 2026, 12:00). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return writeDate(d, true);
}

export function capitalize(s: string | null | undefined): string {
  if (!s) return '';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An order as people read it on every screen, message and slip: `#1042` (its id stays in URLs and calls). */
export function orderNumber(order: { number: number }): string {
  return `#${order.number}`;
}

export function pluralize(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
