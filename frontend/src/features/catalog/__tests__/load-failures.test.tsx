/**
 * Errors are not empty shelves (issue 62): a catalogue page whose products could not be loaded
 * says so with Try Again, which asks again; never 'No Products Found' or 'Check back soon'.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE } from '@/lib/api-paths';
import { makeProduct } from '@/testing/data';
import { axeViolations } from '@/testing/axe';
import { pagedReply, server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const down = () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 });

/** Answers `path` with a failure until `recover()`, then with `reply`; counts the requests. */
function failing(path: string, reply: (request: Request) => Response) {
  const state = { fail: true, asked: 0 };
  server.use(
    http.get(path, ({ request }) => {
      state.asked += 1;
      return state.fail ? down() : reply(request);
    }),
  );
  return state;
}

describe('a catalogue page whose products could not be loaded', () => {
  it('category: says so with its tabs, and Try Again asks for the products and the tabs again', async () => {
    const products = failing('/api/products/category/:c', (request) => pagedReply([makeProduct({ name: 'Kids Tee' })], request));
    const keys = failing('/api/products/categories', () => HttpResponse.json({ women: [], kids: [], sales: [] }));
    const { user } = renderApp('/category/kids');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded.');
    expect(screen.queryByText('No Products Found')).not.toBeInTheDocument();
    expect(screen.queryByText(/Check back soon/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kids Collection' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    const asked = { products: products.asked, keys: keys.asked };
    products.fail = false;
    keys.fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Kids Tee' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Categories' }));
    await waitFor(() => expect(tabs.getAllByRole('link').map((l) => l.textContent)).toEqual(['All Products', 'Women', 'Kids', 'Sales']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(products.asked).toBeGreaterThan(asked.products);
    expect(keys.asked).toBeGreaterThan(asked.keys);
  });

  it('new arrivals: says so, and Try Again asks again', async () => {
    const arrivals = failing('/api/products/tag/new', (request) => pagedReply([makeProduct({ name: 'New Abaya' })], request));
    const { user } = renderApp('/new-arrivals');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded.');
    expect(screen.queryByText('No Products Found')).not.toBeInTheDocument();
    arrivals.fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'New Abaya' })).toBeInTheDocument();
  });

  it('a next page: the products shown stay, and Try Again in the place of Load more asks for that page again', async () => {
    const all = Array.from({ length: CATEGORY_PAGE_SIZE + 2 }, (_, i) => makeProduct({ name: `Tee ${i + 1}` }));
    let failNext = true;
    const pages: string[] = [];
    server.use(
      http.get('/api/products/category/:c', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '';
        pages.push(page);
        return page !== '1' && failNext ? down() : pagedReply(all, request);
      }),
    );
    const { user } = renderApp('/category/kids');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More products could not be loaded.');
    expect(screen.getByRole('link', { name: 'Tee 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    failNext = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: `Tee ${CATEGORY_PAGE_SIZE + 1}` })).toBeInTheDocument();
    expect(pages).toEqual(['1', '2', '2']);
  });

  it('home: each section says so, and its Try Again asks for it again', async () => {
    const grid = failing('/api/products', (request) => pagedReply([makeProduct({ name: 'Grid Dress' })], request));
    failing('/api/products/featured', () => HttpResponse.json([]));
    failing('/api/products/tag/new', () => HttpResponse.json([]));
    const { user } = renderApp('/');
    const section = (name: string) => within(screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement);
    await waitFor(() => expect(section('Shop the collection').getByRole('alert')).toHaveTextContent('These products could not be loaded.'));
    expect(section('Featured').getByRole('alert')).toHaveTextContent('These products could not be loaded.');
    expect(section('New Arrivals').getByRole('alert')).toHaveTextContent('These products could not be loaded.');
    expect(screen.queryByText('No products yet. Check back soon!')).not.toBeInTheDocument();
    grid.fail = false;
    await user.click(section('Shop the collection').getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Grid Dress' })).toBeInTheDocument();
    expect(section('New Arrivals').getByRole('alert')).toBeInTheDocument();
  });

  it("product page: 'Failed to load product details' with Try Again, not 'Product Not Found'", async () => {
    const product = makeProduct({ _id: 'p-down', name: 'Linen Wrap Dress' });
    const page = failing('/api/products/p-down', () => HttpResponse.json(product));
    const { user } = renderApp('/product/p-down');
    await findToast('Failed to load product details');
    const alert = within(screen.getByRole('main')).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load product details');
    expect(screen.queryByText('Product Not Found')).not.toBeInTheDocument();
    page.fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Wrap Dress' })).toBeInTheDocument();
  });

  it("product page: a product that is not there (404) is still 'Product Not Found'", async () => {
    server.use(http.get('/api/products/p-gone', () => HttpResponse.json({ message: 'Product not found' }, { status: 404 })));
    renderApp('/product/p-gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });
});
