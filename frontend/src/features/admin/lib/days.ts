/**
 * The days the back office counts by (riders' cash, the payments' reconciliation): East Africa
 * Time, written YYYY-MM-DD as the server takes them.
 */

/** Today in East Africa Time, as YYYY-MM-DD. */
export function todayInSomalia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Mogadishu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whether `value` is a day as the server takes it (YYYY-MM-DD). */
export const isDay = (value: string | null | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);
