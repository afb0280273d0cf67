/**
 * The storefront's accessibility fixes: header counts in the links' names, Add to Cart keeping
 * focus while its request runs, Escape closing the mobile menu, the hero's Pause/Play and
 * reduced motion, product names on the home cards' buttons, and page titles.
 */
import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { makeCart, makeProduct, makeWishlist } from '@/testing/data';
import { server } from '@/testing/server';
import { act, fireEvent, render, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { HeroSlider } from '@/features/catalog/components/HeroSlider';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  vi.useRealTimers();
  window.matchMedia = realMatchMedia;
  document.title = '';
});

describe('header counts', () => {
  it('names the cart and wishlist links with the visible count, and axe finds no mismatch', async () => {
    const products = Array.from({ length: 12 }, () => makeProduct());
    server.use(
      http.get('/api/cart', () => HttpResponse.json(makeCart(products.map((product) => ({ product, quantity: 1 }))))),
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(products.slice(0, 1)))),
    );
    renderApp('/', { user: true });
    const cart = await screen.findByRole('link', { name: 'Cart, 12 items' });
    expect(cart).toHaveTextContent('12');
    expect(await screen.findByRole('link', { name: 'Wishlist, 1 item' })).toHaveTextContent('1');
    expect(await axeViolations(document.querySelector('header'))).toEqual([]);
  });

  it("shows '99+' in the name when the badge does", async () => {
    const product = makeProduct();
    server.use(http.get('/api/cart', () => HttpResponse.json({ ...makeCart([{ product, quantity: 1 }]), itemCount: 120 })));
    renderApp('/', { user: true });
    expect(await screen.findByRole('link', { name: 'Cart, 99+ items' })).toHaveTextContent('99+');
  });
});

describe('Add to Cart while its request runs', () => {
  it('keeps focus on the card button (aria-disabled, clicks ignored) and adds once', async () => {
    const product = makeProduct({ name: 'Silk Abaya' });
    let adds = 0;
    server.use(
      http.get('/api/products', () => HttpResponse.json([product])),
      http.post('/api/cart/add', async () => {
        adds += 1;
        await delay(300);
        return HttpResponse.json(makeCart([{ product, quantity: 1 }]));
      }),
    );
    const { user } = renderApp('/category', { user: true });
    const button = await screen.findByRole('button', { name: 'Add to Cart: Silk Abaya' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).not.toBeDisabled();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(document.activeElement).toBe(button);
    expect(adds).toBe(1);
  });

  it('keeps focus on the product page button', async () => {
    const product = makeProduct({ name: 'Silk Abaya' });
    server.use(
      http.get('/api/products/:id', () => HttpResponse.json(product)),
      http.post('/api/cart/add', async () => {
        await delay(300);
        return HttpResponse.json(makeCart([{ product, quantity: 1 }]));
      }),
    );
    const { user } = renderApp(`/product/${product._id}`, { user: true });
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).not.toBeDisabled();
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  });
});

describe('mobile menu', () => {
  it('closes on Escape and returns focus to the menu button', async () => {
    const { user } = renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    within(menu).getAllByRole('link')[0].focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('hero carousel', () => {
  const current = () =>
    screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');
  const mockReducedMotion = (reduce: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  };
  const renderHero = () =>
    render(
      <MemoryRouter>
        <HeroSlider />
      </MemoryRouter>,
    );

  it('Pause stops the slides, Play starts them again', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    act(() => vi.advanceTimersByTime(15000));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
  });

  it('holds while hovered or focused within', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    renderHero();
    const region = screen.getByRole('region', { name: 'Featured collections' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(10000));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(region);
    act(() => screen.getByRole('button', { name: 'Pause slides' }).focus());
    act(() => vi.advanceTimersByTime(10000));
    expect(current()).toBe(0);
    act(() => screen.getByRole('button', { name: 'Pause slides' }).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
  });

  it('does not advance when the shopper prefers reduced motion', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    renderHero();
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30000));
    expect(current()).toBe(0);
  });
});

describe('home cards', () => {
  it("name each Add to Cart button after its product, keeping the visible 'Add to Cart'", async () => {
    const products = [makeProduct({ name: 'Linen Wrap Dress' }), makeProduct({ name: 'Silk Abaya' })];
    server.use(
      http.get('/api/products', () => HttpResponse.json(products)),
      http.get('/api/products/featured', () => HttpResponse.json(products)),
    );
    renderApp('/');
    // One button per card, in the grid and in the featured carousel (both lists serve the two products).
    const addButtons = (section: string) =>
      within(screen.getByRole('heading', { level: 2, name: section }).closest('section') as HTMLElement)
        .getAllByRole('button', { name: /^Add to Cart/ })
        .map((b) => b.getAttribute('aria-label'));
    await waitFor(() => {
      expect(addButtons('Shop the collection')).toEqual(['Add to Cart: Linen Wrap Dress', 'Add to Cart: Silk Abaya']);
      expect(addButtons('Featured')).toEqual(['Add to Cart: Linen Wrap Dress', 'Add to Cart: Silk Abaya']);
    });
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe('page titles', () => {
  it("are '<page> | <shop name>' from the first page on, whatever the served title", async () => {
    document.title = 'Linen Wrap Dress | Dukaan Fashion';
    const product = makeProduct({ name: 'Linen Wrap Dress', category: 'women' });
    server.use(
      http.get('/api/products/featured', () => HttpResponse.json([])),
      http.get('/api/products/:id', () => HttpResponse.json(product)),
    );
    const { user } = renderApp(`/product/${product._id}`);
    await waitFor(() => expect(document.title).toBe('Linen Wrap Dress | Dukaan Fashion'));
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'New Arrivals' }));
    await waitFor(() => expect(document.title).toBe('New Arrivals | Dukaan Fashion'));
    await user.click(screen.getAllByRole('link', { name: 'Dukaan Fashion' })[0]);
    await waitFor(() => expect(document.title).toBe('Dukaan Fashion'));
  });
});

describe('the axe helper', () => {
  it('runs aria-hidden-focus under jsdom (document.elementFromPoint stubbed), and leaves no stub behind', async () => {
    render(
      <main>
        <div aria-hidden="true">
          <button type="button">Hidden but focusable</button>
        </div>
      </main>,
    );
    expect((await axeViolations()).join()).toMatch(/^aria-hidden-focus/);
    expect('elementFromPoint' in document).toBe(false);
  });
});
