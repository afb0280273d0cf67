import { currentLanguage } from '@/i18n';
import { formatCount, formatShortDate, shortDate, SOMALI_MONTHS } from './ui';

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

/**
 * A day of a report ('2026-11-02': a calendar day as the server counts them, East Africa Time)
 * as a chart's tick ('Nov 2') or in full ('Nov 2, 2026'), in the language shown: that very day
 * in every browser's time zone. It is written from its year, month and day (held at noon and
 * read in UTC, so no time zone moves it to the day before or after); anything else is left as
 * it is.
 */
export function dayLabel(date: string, withYear = false): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parts) return date;
  const [year, month, day] = parts.slice(1).map(Number);
  const d = new Date(Date.UTC(year, month - 1, day, 12));
  if (Number.isNaN(d.getTime()) || d.getUTCDate() !== day) return date;
  return shortDate(d, { year: withYear, utc: true });
}

/**
 * The days a report covers, as its chart draws them: its first and last day ('Oct 23, 2026 –
 * Nov 21, 2026'). Without days, its `from` and `to` as the browser writes them.
 */
export function periodLabel(report: { from: string; to: string; revenueByDay?: { date: string }[] | null }): string {
  const days = report.revenueByDay ?? [];
  if (days.length === 0) return `${formatShortDate(report.from)} – ${formatShortDate(report.to)}`;
  return `${dayLabel(days[0].date, true)} – ${dayLabel(days[days.length - 1].date, true)}`;
}
