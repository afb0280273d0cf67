/**
 * The first catalogue request of a page, started before the app's bundle has arrived.
 *
 * This module is its own small script in the built index.html (see vite.config.ts), placed
 * before the app's bundle, so it runs as soon as it is downloaded: on a category, search,
 * new-arrivals or product page it asks for what the page shows first (a list's first page, or
 * the product) and preloads the pictures its first screen shows, while the bundle is still on its way. The app is the same module instance (it
 * imports this file) and takes each reply over through `takeEarlyResponse` instead of asking
 * the server a second time.
 *
 * A category page also shows the shop's category names (its filter buttons). They are asked
 * for once the page's list has answered, never beside it, so they cannot delay the list
 * (the server's time, the connections a browser opens to it); the list's reply usually comes
 * long before the bundle has arrived, so the names are still there before the page is drawn.
 *
 * Only public catalogue calls are made here (no token), and only GET requests. An admin page
 * gets its code preloaded, not its data.
 */
import { adminPageAt } from './admin-paths';
import { safeStorage, storedLanguage, TOKEN_KEY } from './browser-storage';
import { apiUrl, catalogPaths, categoryKeysRequest, pagedLists, pageUrl, parseSort } from './api-paths';
import { cardImagePath, EAGER_CARD_IMAGES, galleryImageSources, imageUrl, srcSetFor } from './product';
import { sizeFilterOf } from './sizes';
import type { Product } from './types';

/** An early reply is only taken over within this time (after that the app asks again). */
const EARLY_REPLY_TTL_MS = 30_000;

/** A page whose data is asked for early: a category page ('list'), /new-arrivals, search results or a product. */
export type EarlyPage = { kind: 'list' | 'new-arrivals' | 'search' | 'product'; apiUrl: string };

interface EarlyRequest {
  startedAt: number;
  response: Promise<Response>;
}

/** The early requests not yet taken over by the app, by URL. */
const pending = new Map<string, EarlyRequest>();

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The catalogue call a page starts with (its path and query, as in the address bar), as the
 * app's api client spells it (for a list: its first page); null for other pages.
 */
export function earlyPageFor(path: string): EarlyPage | null {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const search = at < 0 ? '' : path.slice(at);
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product) {
    const id = decoded(product[1]);
    return id ? { kind: 'product', apiUrl: apiUrl(catalogPaths.product(id)) } : null;
  }
  // As the pages read their address (useSearchParams).
  const params = new URLSearchParams(search);
  const category = /^\/category\/([^/]+)\/?$/.exec(pathname);
  if (category) {
    const name = decoded(category[1])?.toLowerCase();
    return name ? { kind: 'list', apiUrl: pageUrl(pagedLists.category(name, sizeFilterOf(params, name)), 1) } : null;
  }
  if (/^\/category\/?$/.test(pathname)) {
    return { kind: 'list', apiUrl: pageUrl(pagedLists.category(undefined, sizeFilterOf(params)), 1) };
  }
  if (/^\/new-arrivals\/?$/.test(pathname)) return { kind: 'new-arrivals', apiUrl: pageUrl(pagedLists.newArrivals(), 1) };
  if (/^\/search\/?$/.test(pathname)) {
    // A blank query asks for nothing.
    const q = (params.get('q') ?? '').trim();
    return q ? { kind: 'search', apiUrl: pageUrl(pagedLists.search(q, parseSort(params.get('sort')), sizeFilterOf(params)), 1) } : null;
  }
  return null;
}

/** The reply of the early request for `url`, once; null when none was made or it is too old. */
export function takeEarlyResponse(url: string): Promise<Response> | null {
  const early = pending.get(url);
  if (!early) return null;
  pending.delete(url);
  return Date.now() - early.startedAt <= EARLY_REPLY_TTL_MS ? early.response : null;
}

/** Asks for `url` (after `after` has settled, when given) and keeps the reply for the app. */
function request(url: string, after?: Promise<unknown>): Promise<Response> {
  // The same headers as the app's api client (whose request this reply stands in for).
  const ask = () => fetch(url, { headers: { Accept: 'application/json', 'Accept-Language': storedLanguage() } });
  const response = after ? after.then(ask, ask) : ask();
  pending.set(url, { startedAt: Date.now(), response });
  return response;
}

/** `<link rel="preload" as="image">` attributes matching exactly what the page's `<img>` will ask for. */
export interface ImagePreload {
  href: string;
  imageSrcset?: string;
  imageSizes?: string;
}

/** The pictures the first screen of the page shows, as the page's components will request them. */
export function imagesToPreload(page: EarlyPage, body: unknown): ImagePreload[] {
  if (page.kind === 'product') {
    const product = body as Partial<Product> | null;
    if (!product || typeof product !== 'object' || !product.image) return [];
    const sources = galleryImageSources({ thumbnail: product.thumbnail ?? null });
    const srcSet = srcSetFor(product.image, sources);
    return [srcSet ? { href: imageUrl(product.image), imageSrcset: srcSet, imageSizes: sources.sizes } : { href: imageUrl(product.image) }];
  }
  if (!Array.isArray(body)) return [];
  return (body as Partial<Product>[])
    .slice(0, EAGER_CARD_IMAGES)
    .map((p) => cardImagePath({ image: p?.image ?? null, thumbnail: p?.thumbnail ?? null }))
    .filter((path): path is string => Boolean(path))
    .map((path) => ({ href: imageUrl(path) }));
}

function preloadImage({ href, imageSrcset, imageSizes }: ImagePreload, doc: Document = document) {
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  if (imageSrcset) link.setAttribute('imagesrcset', imageSrcset);
  if (imageSizes) link.setAttribute('imagesizes', imageSizes);
  link.setAttribute('fetchpriority', 'high');
  doc.head.appendChild(link);
}

/**
 * The server names a product page's picture in its preview tags (og:image, the full size).
 * The page shows that full size on every screen wider than 320 device pixels, so it can be
 * preloaded at once, before the product's details have even arrived.
 */
export function pictureFromPreviewTags(doc: Document, origin: string): ImagePreload | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content;
  if (!content) return null;
  try {
    const url = new URL(content, origin);
    return url.origin === origin ? { href: url.pathname } : null;
  } catch {
    return null;
  }
}

/** The id of the JSON data block (written by the build, see vite.config.ts) listing each page kind's code. */
export const PAGE_CHUNKS_ID = 'early-page-chunks';

/**
 * The code kind of an admin page, for a visitor with a stored session (anyone else is sent to
 * sign in, so their download would be wasted); null for other pages. The admin area loads
 * its page's module only once its own module has run, one download after the other: asked
 * for here, both come side by side with the app's bundle.
 */
export function adminPageFor(pathname: string, storage: Pick<Storage, 'getItem'> | null): string | null {
  const name = adminPageAt(pathname);
  return name !== null && storage?.getItem(TOKEN_KEY) ? `admin-${name || 'dashboard'}` : null;
}

/** Preloads the code of the page of this kind, as listed by the build in index.html. */
export function preloadPageCode(kind: string, doc: Document) {
  let files: unknown;
  try {
    files = (JSON.parse(doc.getElementById(PAGE_CHUNKS_ID)?.textContent || '{}') as Record<string, unknown>)[kind];
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string' || !file.startsWith('/')) continue;
    const link = doc.createElement('link');
    link.setAttribute('rel', 'modulepreload');
    link.setAttribute('crossorigin', '');
    link.setAttribute('href', file);
    doc.head.appendChild(link);
  }
}

/**
 * Starts the page's catalogue request and preloads its code and the pictures of its first
 * screen; on an admin page, its code.
 */
export function startEarly(path: string, doc: Document = document, origin = window.location.origin) {
  const page = earlyPageFor(path);
  if (!page) {
    const admin = adminPageFor(path.split('?')[0], safeStorage('local'));
    if (admin) preloadPageCode(admin, doc);
    return;
  }
  preloadPageCode(page.kind, doc);
  const response = request(page.apiUrl);
  if (page.kind === 'list') {
    // The filter buttons' names, once the list has answered (see above); a failure is the app's to log.
    request(apiUrl(categoryKeysRequest.path, categoryKeysRequest.params), response).catch(() => {});
  }
  const tagged = page.kind === 'product' ? pictureFromPreviewTags(doc, origin) : null;
  if (tagged) {
    preloadImage(tagged, doc);
    return;
  }
  response
    .then((res) => (res.ok ? res.clone().json() : null))
    .then((body) => imagesToPreload(page, body).forEach((image) => preloadImage(image, doc)))
    .catch(() => {
      // The app asks again and shows its own state.
    });
}

// In the built shop this runs once, when the script loads; the dev server and tests do not use it.
if (import.meta.env.PROD && typeof window !== 'undefined') startEarly(window.location.pathname + window.location.search);
