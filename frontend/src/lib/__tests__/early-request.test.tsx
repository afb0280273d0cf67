import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';
import { earlyPageFor, PAGE_CHUNKS_ID, pictureFromPreviewTags, preloadPageCode, startEarly, takeEarlyResponse } from '../early-request';

const ORIGIN = window.location.origin;

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')).map((l) => ({
    href: l.getAttribute('href'),
    srcset: l.getAttribute('imagesrcset'),
    sizes: l.getAttribute('imagesizes'),
  }));

afterEach(() => {
  document.head.querySelectorAll(`link[rel="preload"], link[rel="modulepreload"], meta[property="og:image"], #${PAGE_CHUNKS_ID}`).forEach((n) => n.remove());
  takeEarlyResponse('/api/products'); // drop anything a test left behind
});

/** Counts the requests of one GET route. */
function countRequests(path: string, reply: () => Response) {
  const seen: string[] = [];
  server.use(
    http.get(path, ({ request }) => {
      seen.push(request.url);
      return reply();
    }),
  );
  return seen;
}

describe('the early request', () => {
  it('asks for exactly the URL the page will ask for, and only on catalogue pages', () => {
    expect(earlyPageFor('/product/0193ab12-0000')).toEqual({ kind: 'product', apiUrl: '/api/products/0193ab12-0000' });
    expect(earlyPageFor('/category/Women')).toEqual({ kind: 'list', apiUrl: '/api/products/category/women' });
    expect(earlyPageFor('/category/kids%20wear/')).toEqual({ kind: 'list', apiUrl: '/api/products/category/kids%20wear' });
    expect(earlyPageFor('/category')).toEqual({ kind: 'list', apiUrl: '/api/products' });
    expect(earlyPageFor('/category/')).toEqual({ kind: 'list', apiUrl: '/api/products' });
    for (const other of ['/', '/search', '/cart', '/admin/products', '/product/', '/category/a/b', '/category/%E0%A4%A']) {
      expect(earlyPageFor(other)).toBeNull();
    }
  });

  it('hands its reply to the app once, so the category page asks the server only once', async () => {
    const first = makeProduct({ name: 'Linen Wrap Dress', thumbnail: '/uploads/0a/a-thumb.jpg', image: '/uploads/0a/a.jpg' });
    const others = [1, 2, 3, 4].map((i) => makeProduct({ name: `Dress ${i}`, thumbnail: `/uploads/0b/${i}-thumb.jpg` }));
    const seen = countRequests('/api/products/category/:c', () => HttpResponse.json([first, ...others]));
    startEarly('/category/women', document, ORIGIN);
    renderApp('/category/women');
    expect(await screen.findByText('Linen Wrap Dress')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    // the first four card pictures, exactly as the cards ask for them
    await waitFor(() => expect(preloads()).toHaveLength(4));
    const cards = document.querySelectorAll<HTMLImageElement>('article img');
    expect(preloads().map((p) => p.href)).toEqual(Array.from(cards).slice(0, 4).map((img) => img.getAttribute('src')));
    expect(preloads()[0]).toEqual({ href: '/uploads/0a/a-thumb.jpg', srcset: null, sizes: null });
  });

  it("preloads a product page's picture from the server's preview tag at once, as the gallery asks for it", async () => {
    const product = makeProduct({ name: 'Embroidered Abaya', image: '/uploads/1c/abaya.jpg', thumbnail: '/uploads/1c/abaya-thumb.jpg' });
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'og:image');
    meta.content = `${ORIGIN}/uploads/1c/abaya.jpg`;
    document.head.appendChild(meta);
    const seen = countRequests(`/api/products/${product._id}`, () => HttpResponse.json(product));
    startEarly(`/product/${product._id}`, document, ORIGIN);
    expect(preloads()).toEqual([{ href: '/uploads/1c/abaya.jpg', srcset: null, sizes: null }]);
    renderApp(`/product/${product._id}`);
    const img = await screen.findByRole('img', { name: 'Embroidered Abaya' });
    expect(seen).toHaveLength(1);
    // the gallery's full size (what every screen above 320 device pixels picks) is the preloaded file
    expect(img.getAttribute('src')).toBe(preloads()[0].href);
  });

  it("without a preview tag, preloads the product's picture with the gallery's exact srcset and sizes", async () => {
    const product = makeProduct({ name: 'Kids Hoodie', image: '/uploads/2d/hoodie.jpg', thumbnail: '/uploads/2d/hoodie-thumb.jpg' });
    server.use(http.get(`/api/products/${product._id}`, () => HttpResponse.json(product)));
    startEarly(`/product/${product._id}`, document, ORIGIN);
    renderApp(`/product/${product._id}`);
    const img = await screen.findByRole('img', { name: 'Kids Hoodie' });
    await waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()[0]).toEqual({ href: img.getAttribute('src'), srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') });
  });

  it('ignores a preview tag of another origin, and answers each URL once', async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'og:image');
    meta.content = 'https://cdn.example.com/x.jpg';
    document.head.appendChild(meta);
    expect(pictureFromPreviewTags(document, ORIGIN)).toBeNull();

    server.use(http.get('/api/products', () => HttpResponse.json([])));
    startEarly('/category', document, ORIGIN);
    expect(takeEarlyResponse('/api/products/category/women')).toBeNull();
    const reply = takeEarlyResponse('/api/products');
    expect(reply).not.toBeNull();
    expect(await (await reply!).json()).toEqual([]);
    expect(takeEarlyResponse('/api/products')).toBeNull();
  });

  it("preloads the opened page's code from the build's list, and nothing for a broken list", () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_CHUNKS_ID;
    block.textContent = JSON.stringify({ product: ['/assets/ProductPage-1.js', '/assets/StockBadge-2.js'], list: ['/assets/CategoryPage-3.js'] });
    document.head.appendChild(block);
    const modulePreloads = () => Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((l) => l.getAttribute('href'));
    preloadPageCode({ kind: 'product', apiUrl: '/api/products/x' }, document);
    expect(modulePreloads()).toEqual(['/assets/ProductPage-1.js', '/assets/StockBadge-2.js']);
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((n) => n.remove());
    block.textContent = '{not json';
    preloadPageCode({ kind: 'list', apiUrl: '/api/products' }, document);
    expect(modulePreloads()).toEqual([]);
  });
});
