/**
 * The one typed HTTP client of the app. Same-origin `/api`; a bearer token on every call
 * when signed in; `Accept-Language` (`en` or `so`, the language shown) on every call, so the
 * server words its messages in the shopper's language; error replies are read as JSON
 * `{message, errors}`.
 * It knows nothing about toasts or navigation: callers decide what to show.
 */
import { currentLanguage } from '@/i18n';
import { useSession } from '@/stores/session';
import { API_BASE, apiUrl, type QueryParams } from './api-paths';
import { takeEarlyResponse } from './early-request';

export { API_BASE };

export class ApiError extends Error {
  /** HTTP status; 0 for a network failure (no reply). */
  readonly status: number;
  /** The server's `message`, when the reply carried one. */
  readonly serverMessage: string | null;
  readonly fieldErrors: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, serverMessage: string | null, body?: unknown, fieldErrors?: Record<string, string>) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
    this.fieldErrors = fieldErrors ?? {};
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  params?: QueryParams;
}

/** A successful reply with its status, for calls whose meaning depends on it (201 vs 202). */
export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

/** A reply's text as JSON when it is JSON, else the text itself; null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(res: Response): Promise<unknown> {
  return parseBody(await res.text());
}

/** The headers of every call: what it accepts, the language shown and, when signed in, the bearer token. */
export function requestHeaders(accept: string, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLanguage(),
    ...extra,
  };
  const token = useSession.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A reply that is not 2xx as the `ApiError` every call throws: the server's `message` and field `errors` when its body has them. */
export function replyError(status: number, data: unknown): ApiError {
  const obj = data && typeof data === 'object' ? (data as { message?: unknown; errors?: unknown }) : null;
  const message = obj && typeof obj.message === 'string' && obj.message.trim() ? obj.message : null;
  const errors =
    obj && obj.errors && typeof obj.errors === 'object' && !Array.isArray(obj.errors)
      ? (obj.errors as Record<string, string>)
      : undefined;
  return new ApiError(status, message, data, errors);
}

/** Sends a call with the session's token and the shown language; a reply that is not 2xx is thrown as an `ApiError`. */
export async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers = requestHeaders(accept, options.headers);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = apiUrl(path, options.params);
  const method = options.method ?? 'GET';
  let res: Response;
  try {
    // A catalogue page's first request may already be on its way (early-request.ts).
    res = await ((method === 'GET' ? takeEarlyResponse(url) : null) ??
      fetch(url, { method, headers, body, signal: options.signal }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null, err);
  }
  if (!res.ok) {
    throw replyError(res.status, await readBody(res));
  }
  return res;
}

export async function requestWithStatus<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const res = await send(path, options, 'application/json');
  return { status: res.status, data: (await readBody(res)) as T, headers: res.headers };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithStatus<T>(path, options)).data;
}

/** One page of a list the server pages (`page`, `limit`): its rows and the list's total. */
export interface ListPage<T> {
  rows: T[];
  /** How many rows the whole list has, from `X-Total-Count`; null when the server did not say. */
  total: number | null;
}

/** The `X-Total-Count` of a reply; null when missing or not a whole number. */
export function totalCount(headers: Headers): number | null {
  const header = headers.get('X-Total-Count');
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
}

/** GET one page of a paged list: the JSON array and the total from `X-Total-Count`. */
export async function requestPage<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<ListPage<T>> {
  const res = await requestWithStatus<T[] | null>(path, { ...options, method: 'GET' });
  return { rows: Array.isArray(res.data) ? res.data : [], total: totalCount(res.headers) };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** The text to show for a failed call: the server's message when present, else the given default. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}
