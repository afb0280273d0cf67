/**
 * What the order being taken would cost (POST /api/admin/orders/quote, `orders.create`): the
 * server prices the lines, the place (by its city and district) and the code as taking the order
 * would, so staff can tell the customer before Create order. Asked again whenever the lines, the
 * place or the code change (the form waits until typing stops: `useSettledValue`); the previous
 * quote stays on screen while the next one loads. 400 and 409 are its refusals (a line wanting
 * more than is left, a code refused), shown as the server words them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';
import type { PhoneOrderQuote, PhoneOrderQuoteRequest } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

/** How long the form waits after the last change before asking for a quote. */
export const QUOTE_DELAY_MS = 400;

/** Every quote's key starts so (a refused order makes them stale: the stock may have changed). */
export const QUOTES_KEY = [...adminKeys.all, 'orderQuote'] as const;
/** A quote's key: the request itself (lines, place, code and customer), so the same order is asked once. */
export const quoteKey = (body: PhoneOrderQuoteRequest | null) => [...QUOTES_KEY, body] as const;

export const quoteOrder = (body: PhoneOrderQuoteRequest, signal?: AbortSignal) =>
  api.post<PhoneOrderQuote>('/admin/orders/quote', body, { signal });

/** The quote of `body`; nothing is asked while it is null (no line yet). */
export function useOrderQuote(body: PhoneOrderQuoteRequest | null) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({
    queryKey: quoteKey(body),
    queryFn: ({ signal }) => quoteOrder(body as PhoneOrderQuoteRequest, signal),
    enabled: signedIn && body !== null,
    placeholderData: keepPreviousData,
    // Stock and codes change: a quote shown again is asked for again.
    staleTime: 0,
  });
}

/**
 * `value` once it has stopped changing for `delayMs` (compared as JSON): the first value at once,
 * each later one after the pause. For requests built from a form as it is typed.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState<{ key: string; value: T }>(() => ({ key, value }));
  useEffect(() => {
    const timer = setTimeout(() => setSettled((s) => (s.key === key ? s : { key, value: JSON.parse(key) as T })), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled.value;
}
