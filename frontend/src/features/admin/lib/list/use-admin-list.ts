/** The hooks of a back-office list: the URL's filters and page -> the query -> rows and total. */
import { useCallback, useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ListPage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { logError } from '../errors';
import {
  ADMIN_PAGE_SIZE,
  apiParams,
  pageParams,
  readFilters,
  readPage,
  writeFilters,
  type FilterSpecs,
  type Filters,
  failureText,
  type ListDefinition,
  type ListFailure,
} from './definition';

export interface AdminList<Row, S extends FilterSpecs> {
  filters: Filters<S>;
  page: number;
  pageSize: number;
  /** The rows of the page shown: the previous page's while the next one loads. */
  rows: Row[];
  /** How many rows match the filters (0 until the first page arrives). */
  total: number;
  query: UseQueryResult<ListPage<Row>>;
  /** Changes one filter and goes back to page 1; `replace` keeps the browser history short (typing). */
  setFilter: <K extends keyof S>(key: K, value: Filters<S>[K], options?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
  failure: ListFailure;
}

/**
 * One page of `list` as the URL says (filters and `page`). The previous rows stay on screen
 * while another page loads; a failed load is toasted; a page past the end (after deletions)
 * moves to the last one.
 */
export function useAdminList<Row, S extends FilterSpecs>(list: ListDefinition<Row, S>): AdminList<Row, S> {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readFilters(list, search), [list, search]);
  const page = readPage(search);
  const signedIn = useSession(selectIsAuthenticated);
  const query = useQuery({
    queryKey: list.keys.page({ ...filters, page }),
    // Built when fetched, so a date range such as 'Today' is taken from the current time.
    queryFn: ({ signal }) => list.fetchPage(pageParams(list, filters, page), signal),
    placeholderData: keepPreviousData,
    enabled: signedIn,
  });

  const go = useCallback(
    (patch: Partial<Filters<S>>, nextPage: number, replace = false) =>
      setSearch((prev) => writeFilters(list, prev, patch, nextPage), { replace }),
    [list, setSearch],
  );
  const setFilter = useCallback(
    <K extends keyof S>(key: K, value: Filters<S>[K], options: { replace?: boolean } = {}) =>
      go({ [key]: value } as unknown as Partial<Filters<S>>, 1, options.replace),
    [go],
  );
  const setPage = useCallback((p: number) => go({}, p), [go]);

  const data = query.data;
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const total = data ? (data.total ?? (page - 1) * ADMIN_PAGE_SIZE + rows.length) : 0;
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const pastTheEnd = Boolean(data) && !query.isPlaceholderData && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) go({}, lastPage, true);
  }, [pastTheEnd, lastPage, go]);

  const { failure } = list;
  useEffect(() => {
    if (query.isError) {
      logError(failure.log, query.error);
      const message = failureText(failure);
      toast.error(message, { toastId: message });
    }
  }, [query.isError, query.error, failure]);

  return { filters, page, pageSize: ADMIN_PAGE_SIZE, rows, total, query, setFilter, setPage, failure: list.failure };
}

/**
 * How many rows of `list` match some fixed filters (the orders awaiting payment): asked as page
 * 1 of 1 row, the number read from `X-Total-Count`. Refreshed by the mutations (the keys' counts).
 */
export function useListCount<Row, S extends FilterSpecs>(list: ListDefinition<Row, S>, filters: Partial<Filters<S>>) {
  const signedIn = useSession(selectIsAuthenticated);
  const params = apiParams(list, filters);
  return useQuery({
    queryKey: list.keys.count(params),
    queryFn: ({ signal }) => list.fetchPage({ ...params, page: 1, limit: 1 }, signal),
    select: (p: ListPage<Row>) => p.total ?? p.rows.length,
    enabled: signedIn,
  });
}
