import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct, makeWishlist } from '@/testing/data';
import { server } from '@/testing/server';
import { productKeys } from '@/lib/query-keys';
import { act, findToast, fireEvent, render, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { carouselWindow } from '../components/FeaturedCarousel';
import { HeroSlider } from '../components/HeroSlider';

const location = () => screen.getByTestId('location');

describe('category page', () => {
  /** Answers GET /api/products/categories with these keys (each an empty category) and records the requests' queries. */
  function categoriesServer(keys: string[]) {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/products/categories', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(Object.fromEntries(keys.map((k) => [k, []])));
      }),
      http.get('/api/products/category/:c', () => HttpResponse.json([makeProduct({ name: 'Kids Tee' })])),
    );
    return asked;
  }

  const filters = () => within(screen.getByRole('navigation', { name: 'Categories' }));
  const filterNames = () => filters().getAllByRole('link').map((l) => l.textContent);

  it("lists 'All Products', then 'Women', then the server's other categories, asking for one product per category", async () => {
    // the server's order (its keys sorted), Women moved first
    const asked = categoriesServer(['kids', 'sales', 'women']);
    renderApp('/category/kids');
    expect(await screen.findByRole('heading', { name: 'Kids Collection' })).toBeInTheDocument();
    await waitFor(() => expect(filterNames()).toEqual(['All Products', 'Women', 'Kids', 'Sales']));
    expect(filters().getByRole('link', { name: 'Kids' })).toHaveAttribute('href', '/category/kids');
    expect(await screen.findByText('Kids Tee')).toBeInTheDocument();
    // only the keys are needed: at most one product each, not every product of the shop
    expect(asked.map((q) => q.toString())).toEqual(['limit=1']);
  });

  it('shows a category the server adds, after Women and in the server\'s order', async () => {
    categoriesServer(['abaya', 'kids', 'sales', 'women']);
    const { user } = renderApp('/category');
    await waitFor(() => expect(filterNames()).toEqual(['All Products', 'Women', 'Abaya', 'Kids', 'Sales']));
    await user.click(filters().getByRole('link', { name: 'Abaya' }));
    expect(location()).toHaveTextContent('/category/abaya');
    expect(await screen.findByRole('heading', { name: 'Abaya Collection' })).toBeInTheDocument();
  });

  it("shows 'All Products' and 'Women' while the categories load", async () => {
    server.use(http.get('/api/products/categories', () => delay('infinite')));
    renderApp('/category');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(filterNames()).toEqual(['All Products', 'Women']);
  });

  it.each([
    ['a server error', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
    ['a reply that is not an object', () => HttpResponse.json(['women', 'kids'])],
  ])("keeps 'All Products' and 'Women' after %s", async (_, reply) => {
    let asked = 0;
    server.use(
      http.get('/api/products/categories', () => {
        asked += 1;
        return reply();
      }),
    );
    const { queryClient } = renderApp('/category');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(productKeys.categories())?.fetchStatus).toBe('idle'));
    expect(asked).toBe(1);
    expect(filterNames()).toEqual(['All Products', 'Women']);
  });

  describe('a category the server does not have', () => {
    it("shows the app's 'Page not found' (not '… Collection') once the server's keys have loaded", async () => {
      categoriesServer(['kids', 'sales', 'women']);
      renderApp('/category/nonsense');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('heading', { name: 'Nonsense Collection' })).not.toBeInTheDocument();
      expect(screen.queryByText('No Products Found')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument();
      await waitFor(() => expect(document.title).toMatch(/^Page not found \| /));
    });

    it("takes only the server's keys: 'sale' is unknown when the server lists 'sales'", async () => {
      categoriesServer(['kids', 'sales', 'women']);
      renderApp('/category/sale');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    });

    it('compares case-insensitively: /category/KIDS is the Kids collection', async () => {
      categoriesServer(['kids', 'sales', 'women']);
      renderApp('/category/KIDS');
      expect(await screen.findByRole('heading', { name: 'Kids Collection', level: 1 })).toBeInTheDocument();
      expect(await screen.findByText('Kids Tee')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    });

    it('a category the server adds is known', async () => {
      categoriesServer(['abaya', 'kids', 'sales', 'women']);
      renderApp('/category/abaya');
      expect(await screen.findByRole('heading', { name: 'Abaya Collection', level: 1 })).toBeInTheDocument();
      expect(await screen.findByText('Kids Tee')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    });

    it('keeps the category page while the keys load', async () => {
      server.use(
        http.get('/api/products/categories', () => delay('infinite')),
        http.get('/api/products/category/:c', () => HttpResponse.json([])),
      );
      renderApp('/category/nonsense');
      expect(await screen.findByRole('heading', { name: 'Nonsense Collection', level: 1 })).toBeInTheDocument();
      expect(await screen.findByText('No Products Found')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    });

    it('keeps the category page when asking for the keys failed', async () => {
      server.use(
        http.get('/api/products/categories', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })),
        http.get('/api/products/category/:c', () => HttpResponse.json([])),
      );
      const { queryClient } = renderApp('/category/nonsense');
      expect(await screen.findByText('No Products Found')).toBeInTheDocument();
      await waitFor(() => expect(queryClient.getQueryState(productKeys.categories())?.fetchStatus).toBe('idle'));
      expect(screen.getByRole('heading', { name: 'Nonsense Collection', level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    });
  });

  it("shows 'All Products' on /category and the empty state when nothing is found", async () => {
    renderApp('/category');
    expect(await screen.findByRole('heading', { name: 'All Products', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(
      screen.getByText("We couldn't find any products in this category. Check back soon for new arrivals!"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/category');
  });

  it('cards show discount, original price, saving and rating from the server', async () => {
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json([makeProduct({ name: 'Silk Abaya', price: 45, discount: 10, originalPrice: 50, rating: 4.4 })]),
      ),
    );
    renderApp('/category');
    const card = (await screen.findByRole('link', { name: 'Silk Abaya' })).closest('article') as HTMLElement;
    expect(within(card).getByText('10% OFF')).toBeInTheDocument();
    expect(within(card).getByTestId('price')).toHaveTextContent('$45.00');
    expect(within(card).getByTestId('original-price')).toHaveTextContent('$50.00');
    expect(within(card).getByText('Save $5.00')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.4 out of 5' })).toBeInTheDocument();
  });

  it('asks a signed-out shopper to log in before adding to cart', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json([makeProduct({ name: 'Silk Abaya' })])));
    const { user } = renderApp('/category');
    await screen.findByText('Silk Abaya');
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Silk Abaya' }));
    await findToast('Please log in to add to cart');
    expect(location()).toHaveTextContent('/login');
    expect(sessionStorage.getItem('returnTo')).toBe('/category');
  });

  it('adds to the wishlist and fills the heart', async () => {
    const p = makeProduct({ name: 'Silk Abaya' });
    let inList = false;
    server.use(
      http.get('/api/products', () => HttpResponse.json([p])),
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(inList ? [p] : []))),
      http.post('/api/wishlist/add', () => {
        inList = true;
        return HttpResponse.json({ message: 'Added to wishlist' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/category', { user: true });
    await user.click(await screen.findByRole('button', { name: 'Add Silk Abaya to wishlist' }));
    await findToast('Silk Abaya added to wishlist!');
    expect(await screen.findByRole('button', { name: 'Remove Silk Abaya from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByTestId('wishlist-count')).toHaveTextContent('1');
  });
});

describe('product page', () => {
  it('shows a product from the list at once while its details load', async () => {
    const p = makeProduct({ name: 'Silk Abaya', price: 45 });
    server.use(
      http.get('/api/products', () => HttpResponse.json([p])),
      http.get('/api/products/:id', () => delay('infinite')),
    );
    const { user } = renderApp('/category');
    await user.click(await screen.findByRole('link', { name: 'Silk Abaya' }));
    expect(await screen.findByRole('heading', { name: 'Silk Abaya', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
  });

  it('bounds the quantity by the stock and shows the low-stock notice', async () => {
    const p = makeProduct({ name: 'Linen Set', stock: 3 });
    server.use(http.get('/api/products/:id', () => HttpResponse.json(p)));
    const { user } = renderApp(`/product/${p._id}`);
    expect(await screen.findByRole('heading', { name: 'Linen Set' })).toBeInTheDocument();
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Low Stock');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    expect(plus).toBeDisabled();
    for (const c of ['Gray', 'Pink', 'Blue', 'Green']) expect(screen.getByRole('radio', { name: c })).toBeInTheDocument();
  });

  it("caps the quantity at 99 when the stock is missing", async () => {
    // SPEC.md's fallback for a reply without a stock, which the API's document never allows.
    const p = makeProduct({ stock: null as unknown as number });
    server.use(http.get('/api/products/:id', () => HttpResponse.json(p)));
    renderApp(`/product/${p._id}`);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '500' } });
    expect(input).toHaveValue(99);
  });

  it("shows 'Product Not Found' with a link to browse when the product does not exist", async () => {
    server.use(http.get('/api/products/:id', () => HttpResponse.json({ message: 'Product not found' }, { status: 404 })));
    renderApp('/product/missing');
    expect(await screen.findByText('Product Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/category');
  });
});

describe('home carousels', () => {
  afterEach(() => vi.useRealTimers());

  it('the featured window shows 3 items, steps by one and wraps', () => {
    const items = [1, 2, 3, 4, 5];
    expect(carouselWindow(items, 0)).toEqual([1, 2, 3]);
    expect(carouselWindow(items, 1)).toEqual([2, 3, 4]);
    expect(carouselWindow(items, 4)).toEqual([5, 1, 2]);
    expect(carouselWindow([1, 2], 1)).toEqual([1, 2]);
  });

  it('the hero advances every 5 s, wraps, and ignores clicks during the 800 ms lock', () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <HeroSlider />
      </MemoryRouter>,
    );
    const current = () =>
      screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
    // Locked for 800 ms after a transition.
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(800));
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(0);
  });
});
