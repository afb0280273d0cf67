import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { CATEGORY_PAGE_SIZE, NEW_ARRIVALS_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../api-paths';
import { adminPageFor, earlyPageFor, PAGE_CHUNKS_ID, pictureFromPreviewTags, preloadPageCode, startEarly, takeEarlyResponse } from '../early-request';

const ORIGIN = window.location.origin;
const FIRST_PAGE = `page=1&limit=${CATEGORY_PAGE_SIZE}`;
const ALL_PRODUCTS_PAGE_1 = `/api/products?${FIRST_PAGE}`;
const CATEGORY_KEYS = '/api/products/categories?limit=1';
const NEW_ARRIVALS_PAGE_1 = `/api/products/tag/new?page=1&limit=${NEW_ARRIVALS_PAGE_SIZE}`;

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')).map((l) => ({
    href: l.getAttribute('href'),
    srcset: l.getAttribute('imagesrcset'),
    sizes: l.getAttribute('imagesizes'),
  }));

afterEach(() => {
  document.head.querySelectorAll(`link[rel="preload"], link[rel="modulepreload"], meta[property="og:image"], #${PAGE_CHUNKS_ID}`).forEach((n) => n.remove());
  // drop anything a test left behind
  takeEarlyResponse(ALL_PRODUCTS_PAGE_1);
  takeEarlyResponse(CATEGORY_KEYS);
  takeEarlyResponse(NEW_ARRIVALS_PAGE_1);
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
  it("asks for a list's first page, a product, and nothing on other pages", () => {
    const search = `page=1&limit=${SEARCH_PAGE_SIZE}`;
    expect(earlyPageFor('/product/0193ab12-0000')).toEqual({ kind: 'product', apiUrl: '/api/products/0193ab12-0000' });
    expect(earlyPageFor('/category/Women')).toEqual({ kind: 'list', apiUrl: `/api/products/category/women?${FIRST_PAGE}` });
    expect(earlyPageFor('/category/kids%20wear/')).toEqual({ kind: 'list', apiUrl: `/api/products/category/kids%20wear?${FIRST_PAGE}` });
    expect(earlyPageFor('/category')).toEqual({ kind: 'list', apiUrl: ALL_PRODUCTS_PAGE_1 });
    expect(earlyPageFor('/category/?utm=x')).toEqual({ kind: 'list', apiUrl: ALL_PRODUCTS_PAGE_1 });
    expect(earlyPageFor('/search?q=dress')).toEqual({ kind: 'search', apiUrl: `/api/products/search?q=dress&sort=relevance&${search}` });
    expect(earlyPageFor('/search/?sort=price-asc&q=%20silk%20dress%20')).toEqual({
      kind: 'search',
      apiUrl: `/api/products/search?q=silk+dress&sort=price-asc&${search}`,
    });
    expect(earlyPageFor('/new-arrivals')).toEqual({ kind: 'new-arrivals', apiUrl: NEW_ARRIVALS_PAGE_1 });
    expect(earlyPageFor('/new-arrivals/?utm=x')).toEqual({ kind: 'new-arrivals', apiUrl: NEW_ARRIVALS_PAGE_1 });
    expect(earlyPageFor('/search?q=a%26b&sort=bogus')).toEqual({ kind: 'search', apiUrl: `/api/products/search?q=a%26b&sort=relevance&${search}` });
    // 'Show only my size', as the page reads it: a size the list offers, else none
    expect(earlyPageFor('/category/Women?size=M')).toEqual({ kind: 'list', apiUrl: `/api/products/category/women?size=M&${FIRST_PAGE}` });
    expect(earlyPageFor('/category/kids?size=M')).toEqual({ kind: 'list', apiUrl: `/api/products/category/kids?${FIRST_PAGE}` });
    expect(earlyPageFor('/category?size=4-5Y')).toEqual({ kind: 'list', apiUrl: `/api/products?size=4-5Y&${FIRST_PAGE}` });
    expect(earlyPageFor('/search?q=dress&size=XL')).toEqual({ kind: 'search', apiUrl: `/api/products/search?q=dress&sort=relevance&size=XL&${search}` });
    for (const other of ['/', '/search', '/search?q=', '/search?q=%20', '/cart', '/admin/products', '/product/', '/category/a/b', '/category/%E0%A4%A', '/new-arrivals/x']) {
      expect(earlyPageFor(other)).toBeNull();
    }
  });

  it.each([
    ['/category', '/api/products'],
    ['/category/Kids', '/api/products/category/:c'],
    ['/search?q=linen%20dress&sort=price-desc', '/api/products/search'],
    ['/search?q=Abaya', '/api/products/search'],
    ['/new-arrivals', '/api/products/tag/new'],
  ])('asks on %s for exactly the URL the page asks for', async (path, route) => {
    const seen = countRequests(route, () => HttpResponse.json([makeProduct({ name: 'Linen Wrap Dress' })]));
    renderApp(path);
    expect(await screen.findByText('Linen Wrap Dress')).toBeInTheDocument();
    const asked = new URL(seen[0]);
    expect(asked.pathname + asked.search).toBe(earlyPageFor(path)?.apiUrl);
  });

  it('hands its reply to the app once, so the category page asks the server only once', async () => {
    const first = makeProduct({ name: 'Linen Wrap Dress', thumbnail: '/uploads/0a/a-thumb.jpg', image: '/uploads/0a/a.jpg' });
    const others = [1, 2, 3, 4].map((i) => makeProduct({ name: `Dress ${i}`, thumbnail: `/uploads/0b/${i}-thumb.jpg` }));
    const seen = countRequests('/api/products/category/:c', () => HttpResponse.json([first, ...others]));
    startEarly('/category/women', document, ORIGIN);
    renderApp('/category/women');
    expect(await screen.findByText('Linen Wrap Dress')).toBeInTheDocument();
    expect(seen).toEqual([`${ORIGIN}/api/products/category/women?${FIRST_PAGE}`]);
    // the first four card pictures, exactly as the cards ask for them
    await waitFor(() => expect(preloads()).toHaveLength(4));
    const cards = document.querySelectorAll<HTMLImageElement>('article img');
    expect(preloads().map((p) => p.href)).toEqual(Array.from(cards).slice(0, 4).map((img) => img.getAttribute('src')));
    expect(preloads()[0]).toEqual({ href: '/uploads/0a/a-thumb.jpg', srcset: null, sizes: null });
  });

  it("asks a category page's filter names once its list has answered, and hands them to the app", async () => {
    let answerList!: () => void;
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    const order: string[] = [];
    server.use(
      http.get('/api/products/category/:c', async () => {
        order.push('list asked');
        await listAnswered;
        order.push('list answered');
        return HttpResponse.json([makeProduct({ name: 'Linen Wrap Dress' })]);
      }),
      http.get('/api/products/categories', ({ request }) => {
        const url = new URL(request.url);
        order.push(`categories asked: ${url.pathname}${url.search}`);
        return HttpResponse.json({ abaya: [], kids: [], sales: [], women: [] });
      }),
    );
    startEarly('/category/kids', document, ORIGIN);
    await waitFor(() => expect(order).toEqual(['list asked']));
    // nothing beside the page's own list: the names wait for its reply
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['list asked']);
    answerList();
    await waitFor(() => expect(order).toHaveLength(3));
    renderApp('/category/kids');
    expect(await screen.findByText('Linen Wrap Dress')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['All Products', 'Women', 'Abaya', 'Kids', 'Sales']),
    );
    // the app asked neither again
    expect(order).toEqual(['list asked', 'list answered', `categories asked: ${CATEGORY_KEYS}`]);
  });

  it('hands its reply to /new-arrivals once, and asks for no filter names there', async () => {
    const fresh = [1, 2, 3, 4, 5].map((i) => makeProduct({ name: `Fresh Kaftan ${i}`, thumbnail: `/uploads/0d/${i}-thumb.jpg` }));
    const seen = countRequests('/api/products/tag/new', () => HttpResponse.json(fresh, { headers: { 'X-Total-Count': '40' } }));
    const keys = countRequests('/api/products/categories', () => HttpResponse.json({ women: [] }));
    startEarly('/new-arrivals', document, ORIGIN);
    renderApp('/new-arrivals');
    expect(await screen.findByText('Fresh Kaftan 1')).toBeInTheDocument();
    expect(seen).toEqual([`${ORIGIN}${NEW_ARRIVALS_PAGE_1}`]);
    expect(screen.getByText('Showing 5 of 40 products')).toBeInTheDocument();
    await waitFor(() => expect(preloads()).toHaveLength(4));
    const cards = document.querySelectorAll<HTMLImageElement>('article img');
    expect(preloads().map((p) => p.href)).toEqual(Array.from(cards).slice(0, 4).map((img) => img.getAttribute('src')));
    expect(keys).toEqual([]);
    expect(takeEarlyResponse(CATEGORY_KEYS)).toBeNull();
  });

  it('asks for the filter names on category pages only', async () => {
    const seen = countRequests('/api/products/categories', () => HttpResponse.json({ women: [] }));
    server.use(http.get('/api/products/search', () => HttpResponse.json([])));
    startEarly('/search?q=silk', document, ORIGIN);
    await takeEarlyResponse(`/api/products/search?q=silk&sort=relevance&page=1&limit=${SEARCH_PAGE_SIZE}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    expect(takeEarlyResponse(CATEGORY_KEYS)).toBeNull();
  });

  it('hands its reply to the search page once, with the total, and preloads the pictures the search cards ask for', async () => {
    const found = [1, 2, 3, 4, 5].map((i) => makeProduct({ name: `Silk Dress ${i}`, thumbnail: `/uploads/0c/${i}-thumb.jpg` }));
    const seen = countRequests('/api/products/search', () => HttpResponse.json(found, { headers: { 'X-Total-Count': '40' } }));
    startEarly('/search?q=silk&sort=newest', document, ORIGIN);
    renderApp('/search?q=silk&sort=newest');
    expect(await screen.findByText('40 products found')).toBeInTheDocument();
    expect(seen).toEqual([`${ORIGIN}/api/products/search?q=silk&sort=newest&page=1&limit=${SEARCH_PAGE_SIZE}`]);
    await waitFor(() => expect(preloads()).toHaveLength(4));
    const cards = document.querySelectorAll<HTMLImageElement>('ul[aria-label="Search results"] img');
    expect(preloads().map((p) => p.href)).toEqual(Array.from(cards).slice(0, 4).map((img) => img.getAttribute('src')));
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
    expect(takeEarlyResponse(`/api/products/category/women?${FIRST_PAGE}`)).toBeNull();
    expect(takeEarlyResponse('/api/products')).toBeNull();
    const reply = takeEarlyResponse(ALL_PRODUCTS_PAGE_1);
    expect(reply).toBeInstanceOf(Promise);
    expect(await (await reply!).json()).toEqual([]);
    expect(takeEarlyResponse(ALL_PRODUCTS_PAGE_1)).toBeNull();
  });

  it("preloads the opened page's code from the build's list, and nothing for a broken list", () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_CHUNKS_ID;
    block.textContent = JSON.stringify({ product: ['/assets/ProductPage-1.js', '/assets/StockBadge-2.js'], list: ['/assets/CategoryPage-3.js'] });
    document.head.appendChild(block);
    const modulePreloads = () => Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((l) => l.getAttribute('href'));
    preloadPageCode('product', document);
    expect(modulePreloads()).toEqual(['/assets/ProductPage-1.js', '/assets/StockBadge-2.js']);
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((n) => n.remove());
    block.textContent = '{not json';
    preloadPageCode('list', document);
    expect(modulePreloads()).toEqual([]);
  });

  it("names an admin page's code for a visitor with a stored session only", () => {
    const signedIn = { getItem: (key: string) => (key === 'token' ? 'a.b.c' : null) };
    expect(adminPageFor('/admin/orders', signedIn)).toBe('admin-orders');
    expect(adminPageFor('/admin/products/', signedIn)).toBe('admin-products');
    expect(adminPageFor('/admin', signedIn)).toBe('admin-dashboard');
    expect(adminPageFor('/admin/', signedIn)).toBe('admin-dashboard');
    expect(adminPageFor('/admin/returns', signedIn)).toBe('admin-returns');
    expect(adminPageFor('/admin/orders/0193a2b4-5c6d', signedIn)).toBe('admin-order');
    expect(adminPageFor('/admin/orders/0193a2b4-5c6d/', signedIn)).toBe('admin-order');
    expect(adminPageFor('/admin/orders/new', signedIn)).toBe('admin-newOrder');
    expect(adminPageFor('/admin/orders/a/b', signedIn)).toBeNull();
    expect(adminPageFor('/admin/deliveries/run-sheet', signedIn)).toBe('admin-runSheet');
    expect(adminPageFor('/admin/riders-cash', signedIn)).toBe('admin-ridersCash');
    expect(adminPageFor('/admin/payments', signedIn)).toBe('admin-payments');
    expect(adminPageFor('/admin/payments/reconciliation', signedIn)).toBe('admin-reconciliation');
    expect(adminPageFor('/admin/deliveries/elsewhere', signedIn)).toBeNull();
    expect(adminPageFor('/admin/order', signedIn)).toBeNull();
    expect(adminPageFor('/admin/nowhere', signedIn)).toBeNull();
    expect(adminPageFor('/administrator', signedIn)).toBeNull();
    expect(adminPageFor('/admin/orders', { getItem: () => null })).toBeNull();
    expect(adminPageFor('/admin/orders', null)).toBeNull();
  });

  it("preloads an admin page's code beside the app's bundle, and asks the server for nothing", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_CHUNKS_ID;
    block.textContent = JSON.stringify({ 'admin-orders': ['/assets/AdminRoutes-1.js', '/assets/OrdersPage-2.js'] });
    document.head.appendChild(block);
    localStorage.setItem('token', 'a.b.c');
    const seen = countRequests('/api/*', () => HttpResponse.json([]));
    startEarly('/admin/orders?status=shipped', document, ORIGIN);
    expect(Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((l) => l.getAttribute('href'))).toEqual([
      '/assets/AdminRoutes-1.js',
      '/assets/OrdersPage-2.js',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    localStorage.removeItem('token');
  });
});
