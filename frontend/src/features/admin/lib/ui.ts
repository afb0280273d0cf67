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
