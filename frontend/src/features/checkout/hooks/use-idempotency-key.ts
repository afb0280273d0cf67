import { useState } from 'react';
import { ApiError } from '@/lib/api-client';

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Whether a retry may repeat the same request (and must reuse its idempotency key). */
function mayStillBeProcessing(err: unknown): boolean {
  return err instanceof ApiError && (err.isNetworkError || err.status >= 500);
}

/**
 * The checkout's Idempotency-Key: kept after a failure that may have charged (no answer, a
 * server error), so that a retry cannot charge twice; a new one after a refusal, since the
 * retry is then a new order.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  return {
    key,
    afterError: (err: unknown) => {
      if (!mayStillBeProcessing(err)) setKey(newIdempotencyKey());
    },
  };
}
