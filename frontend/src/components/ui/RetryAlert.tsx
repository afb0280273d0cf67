import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { btn } from './styles';

/**
 * A load that failed, where its content would be: what could not be loaded and 'Try Again'
 * (`onRetry` asks again, usually the query's `refetch`). Storefront and back office alike: a
 * failure is never drawn as an empty list. `title` heads it when it stands for a whole page
 * (the dashboard's 'Oops! Something went wrong').
 */
export function RetryAlert({
  children,
  onRetry,
  title,
  className = '',
}: {
  children: ReactNode;
  onRetry: () => void;
  title?: string;
  className?: string;
}) {
  return (
    <div
      role="alert"
      data-testid="load-failed"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200 ${className}`}
    >
      <div className="min-w-0">
        {title && <h2 className="text-lg font-semibold text-red-900">{title}</h2>}
        <p className={title ? 'mt-1' : undefined}>{children}</p>
      </div>
      <button type="button" className={btn.secondary} onClick={onRetry}>
        <Trans>Try Again</Trans>
      </button>
    </div>
  );
}
