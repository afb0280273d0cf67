import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import type { Product } from '@/lib/types';
import { makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { act, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const cheap = makeProduct({ name: 'Cheap Scarf', price: 5, createdAt: '2026-01-01T00:00:00Z' });
const mid = makeProduct({ name: 'Mid Dress', price: 20, createdAt: '2026-11-01T00:00:00Z' });
const dear = makeProduct({ name: 'Dear Abaya', price: 60, discount: 25, originalPrice: 80, createdAt: '2026-06-01T00:00:00Z' });

/** The server sorts (GET /api/products/search?q=&sort=); this stand-in does the same. */
function searchServer() {
  const seen: { q: string | null; sort: string | null }[] = [];
  server.use(
    http.get('/api/products/search', ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q');
      const sort = url.searchParams.get('sort');
      seen.push({ q, sort });
      if (q === 'nothing') return HttpResponse.json([]);
      let list: Product[] = [mid, dear, cheap]; // relevance order
      if (sort === 'price-asc') list = [...list].sort((a, b) => a.price - b.price);
      if (sort === 'price-desc') list = [...list].sort((a, b) => b.price - a.price);
      if (sort === 'newest') list = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return HttpResponse.json(list);
    }),
  );
  return seen;
}

const names = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('search results', () => {
  it('shows the title, the count and the results in server order', async () => {
    const seen = searchServer();
    renderApp('/search?q=dress');
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search Results for "dress"');
    expect(names()).toEqual(['Mid Dress', 'Dear Abaya', 'Cheap Scarf']);
    expect(seen[0]).toEqual({ q: 'dress', sort: 'relevance' });
  });

  it.each([
    ['Price: Low to High', 'price-asc', ['Cheap Scarf', 'Mid Dress', 'Dear Abaya']],
    ['Price: High to Low', 'price-desc', ['Dear Abaya', 'Mid Dress', 'Cheap Scarf']],
    ['Newest First', 'newest', ['Mid Dress', 'Dear Abaya', 'Cheap Scarf']],
    ['Relevance', 'relevance', ['Mid Dress', 'Dear Abaya', 'Cheap Scarf']],
  ])('sorts by %s through the server', async (label, sort, expected) => {
    const seen = searchServer();
    const { user } = renderApp('/search?q=dress&sort=price-desc');
    await screen.findByText('3 products found');
    await user.selectOptions(screen.getByLabelText('Sort by'), label);
    await waitFor(() => expect(names()).toEqual(expected));
    expect(seen.at(-1)).toEqual({ q: 'dress', sort });
  });

  it('offers the four sort options', async () => {
    searchServer();
    renderApp('/search?q=dress');
    const options = within(await screen.findByLabelText('Sort by')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Relevance',
      'Price: Low to High',
      'Price: High to Low',
      'Newest First',
    ]);
  });

  it('shows the discount badge and the struck-through original price from the server', async () => {
    searchServer();
    renderApp('/search?q=abaya');
    const card = (await screen.findByRole('heading', { name: 'Dear Abaya' })).closest('li') as HTMLElement;
    expect(within(card).getByText('25% OFF')).toBeInTheDocument();
    expect(within(card).getByTestId('price')).toHaveTextContent('$60.00');
    expect(within(card).getByTestId('original-price')).toHaveTextContent('$80.00');
    expect(within(card).getByTestId('original-price').tagName).toBe('S');
  });

  it('re-fetches when the query changes (header search)', async () => {
    const seen = searchServer();
    const { user } = renderApp('/search?q=dress');
    await screen.findByText('3 products found');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByPlaceholderText('Search for products...'), 'nothing{Enter}');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText("We couldn't find any products matching your search.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(seen.map((s) => s.q)).toEqual(['dress', 'nothing']);
  });

  it("says '1 product found' and '2 products found', in Somali too", async () => {
    server.use(
      http.get('/api/products/search', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        return HttpResponse.json(q === 'one' ? [mid] : [mid, dear], { headers: { 'X-Total-Count': q === 'one' ? '1' : '2' } });
      }),
    );
    const { user } = renderApp('/search?q=one');
    expect(await screen.findByTestId('search-count')).toHaveTextContent(/^1 product found$/);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByPlaceholderText('Search for products...'), 'two{Enter}');
    await waitFor(() => expect(screen.getByTestId('search-count')).toHaveTextContent(/^2 products found$/));
    await act(() => setLanguage('so'));
    expect(screen.getByTestId('search-count')).toHaveTextContent(/^2 alaab ayaa la helay$/);
  });

  it('says the results could not be loaded, not "No products found", and Try Again asks again', async () => {
    let fail = true;
    let asked = 0;
    server.use(
      http.get('/api/products/search', () => {
        asked += 1;
        return fail ? HttpResponse.json({ message: 'Service unavailable' }, { status: 503 }) : HttpResponse.json([mid]);
      }),
    );
    const { user } = renderApp('/search?q=dress');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search results could not be loaded.');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    expect(screen.queryByTestId('search-count')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('search-count')).toHaveTextContent('1 product found');
    expect(names()).toEqual(['Mid Dress']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toBe(2);
  });
});
