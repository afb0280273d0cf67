import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE, NEW_ARRIVALS_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@/lib/api-paths';
import type { Product } from '@/lib/types';
import { makeProduct } from '@/testing/data';
import { pagedReply, server } from '@/testing/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const products = (n: number, name: string) =>
  Array.from({ length: n }, (_, i) => makeProduct({ name: `${name} ${i + 1}`, price: 10 + i }));

/** The page and limit of every request to one list route, in order. */
function pagedServer(path: string, all: Product[], options: { gate?: () => Promise<void> } = {}) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(path, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      if (params.get('page') !== '1') await options.gate?.();
      return pagedReply(all, request);
    }),
  );
  return seen;
}

/** A promise the test releases: holds a reply back so the busy state can be seen. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => opened, open };
}

const cardNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('category page paging', () => {
  it(`asks for ${CATEGORY_PAGE_SIZE} at a time and 'Load more' appends the next page until all are shown`, async () => {
    const all = products(CATEGORY_PAGE_SIZE * 2 + 2, 'Kids Tee');
    const held = gate();
    const seen = pagedServer('/api/products/category/:c', all, { gate: held.wait });
    const { user } = renderApp('/category/kids');

    expect(await screen.findByText('Kids Tee 1')).toBeInTheDocument();
    expect(seen.map((p) => p.toString())).toEqual([`page=1&limit=${CATEGORY_PAGE_SIZE}`]);
    await waitFor(() => expect(cardNames()).toHaveLength(CATEGORY_PAGE_SIZE));
    // the count is the category's total, not what is loaded
    expect(screen.getByText(`${all.length} products`)).toBeInTheDocument();
    expect(screen.getByText(`Showing ${CATEGORY_PAGE_SIZE} of ${all.length} products`)).toHaveAttribute('role', 'status');

    const more = screen.getByRole('button', { name: 'Load more' });
    expect(more).not.toHaveAttribute('aria-busy', 'true');
    await user.click(more);
    // busy while the next page loads, still focusable, and a second press asks nothing more
    await waitFor(() => expect(more).toHaveAttribute('aria-busy', 'true'));
    expect(more).toBeEnabled();
    await user.click(more);
    held.open();
    expect(await screen.findByText(`Kids Tee ${CATEGORY_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(seen.map((p) => p.get('page'))).toEqual(['1', '2']);
    expect(seen[1].get('limit')).toBe(String(CATEGORY_PAGE_SIZE));
    expect(cardNames()).toEqual(all.slice(0, CATEGORY_PAGE_SIZE * 2).map((p) => p.name));
    // the focus moves to the first product of the new page
    expect(screen.getByRole('link', { name: `Kids Tee ${CATEGORY_PAGE_SIZE + 1}` })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Kids Tee ${all.length}`)).toBeInTheDocument();
    expect(cardNames()).toEqual(all.map((p) => p.name));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(`Showing ${all.length} of ${all.length} products`)).toBeInTheDocument();
    expect(seen.map((p) => p.get('page'))).toEqual(['1', '2', '3']);
  });

  it("works from the keyboard, and shows no 'Load more' when one page holds everything", async () => {
    const all = products(CATEGORY_PAGE_SIZE + 1, 'Abaya');
    pagedServer('/api/products', all);
    const { user, unmount } = renderApp('/category');
    await screen.findByText('Abaya 1');
    screen.getByRole('button', { name: 'Load more' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`Abaya ${all.length}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    unmount();

    pagedServer('/api/products/category/:c', products(3, 'Scarf'));
    renderApp('/category/women');
    await screen.findByText('Scarf 3');
    expect(screen.getByText('3 products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('shows each product once when the catalogue shifts between two pages', async () => {
    const all = products(CATEGORY_PAGE_SIZE + 5, 'Dress');
    let shifted = false;
    server.use(
      http.get('/api/products', ({ request }) => {
        // a product added at the top after the first page: the second page repeats the last one
        const reply = pagedReply(shifted ? [makeProduct({ name: 'New Dress' }), ...all] : all, request);
        shifted = true;
        return reply;
      }),
    );
    const { user } = renderApp('/category');
    await screen.findByText('Dress 1');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Dress ${all.length}`)).toBeInTheDocument();
    expect(cardNames()).toEqual(all.map((p) => p.name));
  });
});

describe('new arrivals paging', () => {
  it(`asks for ${NEW_ARRIVALS_PAGE_SIZE} at a time and 'Load more' appends the next page until all are shown`, async () => {
    const all = products(NEW_ARRIVALS_PAGE_SIZE + 3, 'Fresh Kaftan');
    const seen = pagedServer('/api/products/tag/new', all);
    const { user } = renderApp('/new-arrivals');

    expect(await screen.findByText('Fresh Kaftan 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'New Arrivals' })).toBeInTheDocument();
    expect(screen.getByText('The latest styles, just added.')).toBeInTheDocument();
    expect(seen.map((p) => p.toString())).toEqual([`page=1&limit=${NEW_ARRIVALS_PAGE_SIZE}`]);
    await waitFor(() => expect(cardNames()).toHaveLength(NEW_ARRIVALS_PAGE_SIZE));
    expect(screen.getByText(`Showing ${NEW_ARRIVALS_PAGE_SIZE} of ${all.length} products`)).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Fresh Kaftan ${all.length}`)).toBeInTheDocument();
    expect(seen.map((p) => p.toString())).toEqual([
      `page=1&limit=${NEW_ARRIVALS_PAGE_SIZE}`,
      `page=2&limit=${NEW_ARRIVALS_PAGE_SIZE}`,
    ]);
    expect(cardNames()).toEqual(all.map((p) => p.name));
    expect(screen.getByRole('link', { name: `Fresh Kaftan ${NEW_ARRIVALS_PAGE_SIZE + 1}` })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(`Showing ${all.length} of ${all.length} products`)).toBeInTheDocument();
  });

  it("shows no 'Load more' when one page holds them all, and the empty state when there are none", async () => {
    const seen = pagedServer('/api/products/tag/new', products(3, 'Linen Set'));
    const { unmount } = renderApp('/new-arrivals');
    await screen.findByText('Linen Set 3');
    expect(seen.map((p) => p.toString())).toEqual([`page=1&limit=${NEW_ARRIVALS_PAGE_SIZE}`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    unmount();

    pagedServer('/api/products/tag/new', []);
    renderApp('/new-arrivals');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new arrivals!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/category');
  });
});

describe('search results paging', () => {
  const searchServer = (all: Product[]) => pagedServer('/api/products/search', all);

  it(`shows the server's total as the count and loads ${SEARCH_PAGE_SIZE} at a time`, async () => {
    const all = products(SEARCH_PAGE_SIZE + 6, 'Linen Dress');
    const seen = searchServer(all);
    const { user } = renderApp('/search?q=linen');
    expect(await screen.findByText(`${all.length} products found`)).toBeInTheDocument();
    expect(seen.map((p) => p.toString())).toEqual([`q=linen&sort=relevance&page=1&limit=${SEARCH_PAGE_SIZE}`]);
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(SEARCH_PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(all.length));
    expect(seen.at(-1)?.toString()).toBe(`q=linen&sort=relevance&page=2&limit=${SEARCH_PAGE_SIZE}`);
    expect(screen.getByText(`${all.length} products found`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sorts on the server and starts again at the first page', async () => {
    const all = products(SEARCH_PAGE_SIZE * 2, 'Silk Scarf');
    const seen = searchServer(all);
    const { user } = renderApp('/search?q=silk');
    await screen.findByText(`${all.length} products found`);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`Silk Scarf ${all.length}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: High to Low');
    await waitFor(() => expect(seen.at(-1)?.toString()).toBe(`q=silk&sort=price-desc&page=1&limit=${SEARCH_PAGE_SIZE}`));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')).toHaveLength(SEARCH_PAGE_SIZE),
    );
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(screen.getByText(`${all.length} products found`)).toBeInTheDocument();
  });
});

describe('home page lists', () => {
  it('ask only for what the home page shows', async () => {
    const asked: string[] = [];
    const record = (path: string, list: Product[]) =>
      http.get(path, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.pathname + url.search);
        return pagedReply(list, request);
      });
    server.use(
      record('/api/products', products(30, 'Grid Item')),
      record('/api/products/featured', products(30, 'Featured Item')),
      record('/api/products/tag/new', products(30, 'New Item')),
      record('/api/products/categories', []),
    );
    renderApp('/');
    expect(await screen.findByText('New Item 4')).toBeInTheDocument();
    expect(await screen.findByText('Grid Item 8')).toBeInTheDocument();
    expect(screen.queryByText('New Item 5')).not.toBeInTheDocument();
    expect(asked.sort()).toEqual([
      '/api/products/featured?page=1&limit=12',
      '/api/products/tag/new?page=1&limit=4',
      '/api/products?page=1&limit=8',
    ]);
  });
});
