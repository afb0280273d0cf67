import { currentLanguage } from '@/i18n';
import { formatCount, shortDate, SOMALI_MONTHS } from './ui';

/** Colours of the order statuses in charts: their badges' colours (yellow, blue, green, red). */
export const STATUS_COLORS: Record<string, string> = {
  pending: '#ca8a04',
  shipped: '#2563eb',
  delivered: '#16a34a',
  canceled: '#dc2626',
};
export const OTHER_COLOR = '#78716c';
export const BRAND = '#be185d';

const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A label the server wrote with an English month (the dashboard's revenue buckets, '23 Oct'),
 * in the language shown: Somali gets its own month ('23 Okt'); anything else is left as it is.
 */
export function monthLabel(label: string): string {
  if (currentLanguage() !== 'so') return label;
  return label.replace(/\b[A-Z][a-z]{2}\b/g, (word) => {
    const month = ENGLISH_MONTHS.indexOf(word);
    return month < 0 ? word : SOMALI_MONTHS[month];
  });
}

/** An amount axis's tick: dollars as whole numbers grouped as the language shown writes them, e.g. $1,200. */
export const dollarTick = (value: number): string => `$${formatCount(value)}`;

/** A day of a report ('2026-11-02', a UTC date) as a chart's tick ('Nov 2') or in full ('Nov 2, 2026'), in the language shown. */
export function dayLabel(date: string, withYear = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return shortDate(d, { year: withYear, utc: true });
}
