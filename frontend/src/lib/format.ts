import { dateLocale } from '@/i18n';

/** Dollars with a dollar sign and two decimals, e.g. $24.00. */
export function formatPrice(amount: number | null | undefined): string {
  const n = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return `$${n.toFixed(2)}`;
}

/** Long date in the language shown, e.g. November 21, 2026 (Somali: Noofeembar 21, 2026). */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(dateLocale(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Date and time in the language shown, e.g. Nov 2, 2026, 12:00 PM. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(dateLocale(), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function capitalize(s: string | null | undefined): string {
  if (!s) return '';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Order ids in lists: first 8 characters then an ellipsis. */
export function shortOrderId(id: string): string {
  return `${id.slice(0, 8)}...`;
}

export function pluralize(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
