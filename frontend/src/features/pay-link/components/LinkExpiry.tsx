import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { secondsUntil, useCountdown } from '@/lib/countdown';

/**
 * The time a payment link has left, in whole minutes (the text changes once a minute, so it is
 * not announced as it counts down). When it has run out, `onEnd` (the page asks for the order
 * again: the server then says the link has ended).
 */
export function LinkExpiry({ expiresAt, onEnd }: { expiresAt: string; onEnd: () => void }) {
  const [total] = useState(() => secondsUntil(expiresAt));
  const left = useCountdown(total);
  const minutes = Math.ceil(left / 60);
  useEffect(() => {
    if (left === 0) onEnd();
  }, [left, onEnd]);
  return (
    <p className="mt-2 inline-flex rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-950 ring-1 ring-amber-200" data-testid="link-expiry">
      {left > 0 ? (
        plural(minutes, { one: '# minute left to pay', other: '# minutes left to pay' })
      ) : (
        <Trans>The time to pay has run out.</Trans>
      )}
    </p>
  );
}
