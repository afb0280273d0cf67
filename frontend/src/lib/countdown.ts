/**
 * The time a wallet payment is waited for (the settings' `paymentTimeoutSecs`), counted down
 * while the payer confirms on their phone: at checkout, on a payment link's page and in the back
 * office's payment request; and the time a payment link has left.
 */
import { useEffect, useState } from 'react';

/** The payment time-out when the settings do not say (the server's default). */
export const DEFAULT_PAYMENT_TIMEOUT_SECS = 60;

/** Seconds as m:ss, e.g. 1:00, 0:09. */
export function formatCountdown(secs: number): string {
  const s = Math.max(0, Math.floor(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A usable time-out in whole seconds, or the default. */
export function paymentTimeoutOf(secs: number | undefined): number {
  return typeof secs === 'number' && Number.isFinite(secs) && secs > 0 ? Math.round(secs) : DEFAULT_PAYMENT_TIMEOUT_SECS;
}

/** Whole seconds from now until `iso` (an RFC 3339 time), 0 once it has passed or when it is no time. */
export function secondsUntil(iso: string): number {
  const ms = Date.parse(iso) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 1000)) : 0;
}

/** Seconds left of `total`, counted from when the calling component mounted, updated every second. */
export function useCountdown(total: number): number {
  const [startedAt] = useState(() => Date.now());
  const [left, setLeft] = useState(total);
  useEffect(() => {
    // Counted from the clock, not from the ticks, so a late tick does not slow the countdown.
    const tick = () => setLeft(Math.max(0, total - Math.round((Date.now() - startedAt) / 1000)));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [total, startedAt]);
  return left;
}
