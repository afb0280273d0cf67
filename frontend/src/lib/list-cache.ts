/**
 * What a mutation does to the cached pages of a back-office list (`pagedListKeys` in
 * query-keys.ts). Shared, so the order, product and user mutations can keep the admin's lists
 * current without importing the admin feature.
 */
import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListPage } from './api-client';
import type { PagedListKeys } from './query-keys';

/**
 * An edited row, as the server answered it, replaces the old one (same `_id`) in every cached
 * page of the list, so the screen shows it at once and no page is fetched again. The pages are
 * marked stale without a refetch: a page shown later is asked for again, since the edit may have
 * moved the row to another page of the sort or out of the filters.
 */
export async function putRowInPages<T extends { _id: string }>(qc: QueryClient, keys: PagedListKeys, row: T) {
  qc.setQueriesData<ListPage<T>>({ queryKey: keys.pages() }, (old) =>
    old?.rows.some((r) => r._id === row._id) ? { ...old, rows: old.rows.map((r) => (r._id === row._id ? row : r)) } : old,
  );
  await qc.invalidateQueries({ queryKey: keys.pages(), refetchType: 'none' });
}

/** A query filter: the queries not under `prefix` (to invalidate everything else a mutation changes). */
export const outside =
  (prefix: QueryKey) =>
  (query: Query): boolean =>
    !partialMatchKey(query.queryKey, prefix);
