/**
 * A back-office list the server filters, sorts and pages, defined once per screen: the API path,
 * its query keys and its filters. The filters live in the page's URL under the API's parameter
 * names, defaults left out, so a link or a reload shows the same list.
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n';
import { requestPage, type ListPage } from '@/lib/api-client';
import type { QueryParams } from '@/lib/api-paths';
import type { PagedListKeys } from '@/lib/query-keys';

/** Rows per page of every back-office list. */
export const ADMIN_PAGE_SIZE = 20;

export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** One filter: its value when the URL names none (and then left out of the URL), and how a URL value reads. */
export interface FilterSpec<T extends string = string> {
  readonly fallback: T;
  /** The value of a URL parameter; undefined for one the filter does not know (the fallback applies). */
  readonly parse: (raw: string) => T | undefined;
}

export type FilterSpecs = Record<string, FilterSpec>;

/** The filters' values, typed by their specs. '' is "no filter" (all). */
export type Filters<S extends FilterSpecs> = { [K in keyof S]: S[K]['fallback'] };

/** Free text, trimmed; empty is no filter. */
export const text = (): FilterSpec<string> => ({ fallback: '', parse: (raw) => raw.trim() });

/** One of `values`: the fallback when the URL names none or another ('' = all, unless a default is given). */
export function oneOf<const V extends string>(values: readonly V[]): FilterSpec<V | ''>;
export function oneOf<const V extends string>(values: readonly V[], fallback: V): FilterSpec<V>;
export function oneOf<const V extends string>(values: readonly V[], fallback: V | '' = ''): FilterSpec<V | ''> {
  return { fallback, parse: (raw) => values.find((v) => v === raw) };
}

/** What a list says when a page fails to load: `message` to the admin (a `msg`, drawn in the language shown), `log` on the console. */
export interface ListFailure {
  message: MessageDescriptor | string;
  log: string;
}

/** A list's failure message in the language shown (a plain string is shown as it is). */
export const failureText = ({ message }: ListFailure): string => (typeof message === 'string' ? message : i18n._(message));

export interface ListConfig<S extends FilterSpecs> {
  /** The API path (under /api) answering the pages: a JSON array, the total in `X-Total-Count`. */
  path: string;
  /** Its keys in the query cache (lib/query-keys `pagedListKeys`), which the mutations update. */
  keys: PagedListKeys;
  /** The filters, by URL and API parameter name. */
  filters: S;
  /** The API parameters of (some of) the filters, when one is not sent as it is (a date range as from/to). */
  params?: (filters: Partial<Filters<S>>) => QueryParams;
  /** A failed load: a toast and an alert with `message` (in the language shown), `log` on the console. */
  failure: ListFailure;
}

export interface ListDefinition<Row, S extends FilterSpecs> extends ListConfig<S> {
  fetchPage: (params: QueryParams, signal?: AbortSignal) => Promise<ListPage<Row>>;
}

/** A list of `Row`s: `defineList<Order>()({ path, keys, filters, failure })`. */
export const defineList =
  <Row>() =>
  <S extends FilterSpecs>(config: ListConfig<S>): ListDefinition<Row, S> => ({
    ...config,
    fetchPage: (params, signal) => requestPage<Row>(config.path, { params, signal }),
  });

/** The filters a URL names, each its fallback when missing or unknown. */
export function readFilters<S extends FilterSpecs>(list: ListConfig<S>, search: URLSearchParams): Filters<S> {
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(list.filters)) {
    const raw = search.get(name);
    out[name] = (raw === null ? undefined : spec.parse(raw)) ?? spec.fallback;
  }
  return out as Filters<S>;
}

/** The page a URL names: a whole number from 1, else 1. */
export function readPage(search: URLSearchParams): number {
  const raw = search.get('page') ?? '';
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 1;
}

/**
 * The URL's search params after changing some filters and the page: defaults (and page 1) are
 * left out; parameters the list does not own stay as they are.
 */
export function writeFilters<S extends FilterSpecs>(
  list: ListConfig<S>,
  search: URLSearchParams,
  patch: Partial<Filters<S>>,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch) as [string, string | undefined][]) {
    const spec = list.filters[name];
    if (!spec || value === undefined) continue;
    if (value === spec.fallback || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** The API parameters of some filters: each under its own name unless the list maps it; '' is left out by the client. */
export function apiParams<S extends FilterSpecs>(list: ListConfig<S>, filters: Partial<Filters<S>>): QueryParams {
  return list.params ? list.params(filters) : { ...filters };
}

/** The request of one page: the filters (sort and direction included), `page` and `limit`. */
export function pageParams<S extends FilterSpecs>(list: ListConfig<S>, filters: Filters<S>, page: number): QueryParams {
  return { ...apiParams(list, filters), page, limit: ADMIN_PAGE_SIZE };
}
