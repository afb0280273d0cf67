import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Pager } from '@/components/ui/Pager';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { failureText, type FilterSpecs } from './definition';
import type { AdminList } from './use-admin-list';

/**
 * The body of a back-office list: the loading text, the failure with Try Again, the empty
 * text, or the rows (`children` draws them; dimmed and busy while the next page loads) with
 * the pager.
 */
export function ListView<Row, S extends FilterSpecs>({
  list,
  label,
  loading,
  empty,
  children,
}: {
  list: AdminList<Row, S>;
  /** What the rows are, e.g. 'Orders' (the pager is 'Orders pages'). */
  label: string;
  loading: string;
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  const { t } = useLingui();
  const { query, rows } = list;
  if (query.isPending) return <PageLoading text={loading} />;
  if (query.isError) {
    return (
      <RetryAlert className="mt-6" onRetry={() => void query.refetch()}>
        {failureText(list.failure)}
      </RetryAlert>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  const loadingNext = query.isPlaceholderData;
  return (
    <>
      <div aria-busy={loadingNext} className={loadingNext ? 'opacity-60 transition-opacity' : undefined}>
        {children(rows)}
      </div>
      <Pager
        label={t`${label} pages`}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        shown={rows.length}
        onPage={list.setPage}
      />
    </>
  );
}
