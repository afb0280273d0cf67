import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';

/** What could not be loaded, and 'Try Again'. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
      <p>{children}</p>
      <button type="button" className={btn.secondary} onClick={onRetry}>
        <Trans>Try Again</Trans>
      </button>
    </div>
  );
}
