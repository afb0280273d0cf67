/** Class names shared by the admin screens (tables, cards, filters). */
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
    'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200',
  action:
    'inline-flex items-center rounded-md px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700',
  pageTitle: 'text-2xl font-bold tracking-tight text-stone-900',
};

export { formatDateTime } from '@/lib/format';

/** Short date, e.g. Nov 2, 2026. */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
