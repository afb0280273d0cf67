import { formatCount, shortDate } from './ui';

/** Colours of the order statuses in charts: their badges' colours (yellow, blue, green, red). */
export const STATUS_COLORS: Record<string, string> = {
  pending: '#ca8a04',
  shipped: '#2563eb',
  delivered: '#16a34a',
  canceled: '#dc2626',
};
export const OTHER_COLOR = '#78716c';
export const BRAND = '#be185d';

/** An amount axis's tick: dollars as whole numbers grouped as the language shown writes them, e.g. $1,200. */
export const dollarTick = (value: number): string => `$${formatCount(value)}`;

/** A day of a report ('2026-11-02', a UTC date) as a chart's tick ('Nov 2') or in full ('Nov 2, 2026'), in the language shown. */
export function dayLabel(date: string, withYear = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return shortDate(d, { year: withYear, utc: true });
}
