import { useSyncExternalStore } from 'react';

/**
 * Narrower than Tailwind's `sm` breakpoint (40rem, 640 px): a phone, where the back office's
 * tables are drawn as cards. `max-width` just under 40rem, so that exactly 640 px is `sm` (a table)
 * as it is in the CSS.
 */
export const PHONE_QUERY = '(max-width: 39.98rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches === true;

/**
 * Whether the window is phone-wide (under 640 px), following it as it changes (a phone turned on
 * its side). Without `matchMedia` (jsdom answers `false`), a table.
 */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
