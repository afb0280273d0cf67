import { useEffect, useRef, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { btn } from '@/components/ui/styles';

/** The shared shape of a paged list's 'Load more' (TanStack Query's infinite query). */
export interface PagedState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Asking for the next page failed: said, with Try Again (which asks for it again). */
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
}

/**
 * 'Load more' under a paged list: a real button (focusable, Enter and Space), busy while the
 * next page loads (`aria-busy`, a spinner; a second press is ignored rather than disabling the
 * button, which would drop the keyboard focus), gone once every product is shown. A polite
 * status says how many are shown. After a page arrives, the focus moves to its first product,
 * where a keyboard or screen-reader user continues reading. A next page that could not be had
 * is said, with Try Again in the button's place.
 */
export function LoadMore({
  paged,
  shown,
  total,
  pageSize,
  list,
}: {
  paged: PagedState;
  shown: number;
  /** The whole list's size (`X-Total-Count`); null when unknown. */
  total: number | null;
  /** Products per page: a list that fits on one page shows nothing here. */
  pageSize: number;
  /** The list the products are drawn in: its product links take the focus after a page arrives. */
  list: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const at = focusFrom.current;
    if (at === null || shown <= at) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('h2 a, h3 a')[at]?.focus();
  }, [shown, list]);

  const busy = paged.isFetchingNextPage;
  const failed = paged.hasNextPage && Boolean(paged.isFetchNextPageError) && !busy;
  if (!paged.hasNextPage && shown <= pageSize) return null;
  const more = () => {
    focusFrom.current = shown;
    void paged.fetchNextPage();
  };
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-stone-600" role="status">
        {total !== null ? t`Showing ${shown} of ${total} products` : t`Showing ${shown} products`}
      </p>
      {failed && (
        <RetryAlert className="w-full max-w-xl" onRetry={more}>
          <Trans>More products could not be loaded.</Trans>
        </RetryAlert>
      )}
      {paged.hasNextPage && !failed && (
        <button
          type="button"
          className={`${btn.secondary} min-w-40 aria-busy:cursor-progress aria-busy:opacity-70`}
          aria-busy={busy}
          onClick={() => {
            if (!busy) more();
          }}
        >
          {busy && (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600"
              aria-hidden="true"
            />
          )}
          <Trans>Load more</Trans>
        </button>
      )}
    </div>
  );
}
