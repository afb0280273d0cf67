/**
 * Files the API answers (a CSV export), sent like every call of the one API client. Apart from
 * it so only the screen that downloads one (the back office's reports) carries this code.
 */
import { send, type RequestOptions } from './api-client';

/** A file the API answers (a CSV export): its content and the name `Content-Disposition` gives it. */
export interface ApiFile {
  blob: Blob;
  /** The server's file name; null when it gave none. */
  name: string | null;
}

/** GET a file: sent like every call (token, language), its errors read the same way. */
export async function requestFile(path: string, accept: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<ApiFile> {
  const res = await send(path, { ...options, method: 'GET' }, accept);
  const m = res.headers.get('Content-Disposition')?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return { blob: await res.blob(), name: m ? decodeURIComponent(m[1]) : null };
}
