/**
 * Files to and from the API (a CSV export, a CSV import), sent like every call of the one API
 * client: the token, the language shown, errors read the same way. Apart from it so only the
 * back-office screens that move files carry this code.
 */
import { ApiError, parseBody, replyError, requestHeaders, send, type RequestOptions } from './api-client';
import { apiUrl, type QueryParams } from './api-paths';

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

/** Saves a file on the person's device as `name`, through an object URL (a plain link cannot send the token). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export interface PostFileOptions {
  /** The body's `Content-Type`, e.g. 'text/csv'. */
  contentType: string;
  params?: QueryParams;
  signal?: AbortSignal;
  /**
   * How much of the body has been sent, from 0 to 1 (when the browser can tell); 1 once it is all
   * sent and the server is at work on it.
   */
  onUploadProgress?: (fraction: number) => void;
}

/**
 * POST a file's bytes as the raw body and read the JSON reply; a reply that is not 2xx is
 * thrown as an `ApiError` (status 0 with no reply), an abort as an `AbortError`, as `send` does.
 * Through XMLHttpRequest, whose `upload` events tell how much is sent (fetch does not).
 */
export function postFile<T>(path: string, body: Blob | ArrayBuffer, options: PostFileOptions): Promise<T> {
  const { contentType, params, signal, onUploadProgress } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was aborted', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, params));
    for (const [name, value] of Object.entries(requestHeaders('application/json', { 'Content-Type': contentType }))) {
      xhr.setRequestHeader(name, value);
    }
    if (onUploadProgress) {
      // Listened to before send(): a browser reports an upload's progress only then.
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onUploadProgress(Math.min(e.loaded / e.total, 1));
      };
      xhr.upload.onload = () => onUploadProgress(1);
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(replyError(xhr.status, data));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, null));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.send(body);
  });
}
