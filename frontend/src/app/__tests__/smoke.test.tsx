import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, within } from '@/testing/test-utils';

describe('app shell', () => {
  it('renders the header navigation and the footer support contacts from /api/settings', async () => {
    renderApp('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findAllByText('+252 61 555 0000')).not.toHaveLength(0);
    expect(screen.getByText('help@example.com')).toBeInTheDocument();
  });

  it('places toasts bottom-left and closes them after 3000 ms', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json([makeProduct({ name: 'Silk Abaya' })])));
    const { user } = renderApp('/category');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Silk Abaya' }));
    const toast = await findToast('Please log in to add to cart');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-left');
    const progress = toast.closest('.Toastify__toast')?.querySelector('[role="progressbar"]') as HTMLElement;
    expect(progress.style.animationDuration).toBe('3000ms');
  });

  it('home shows the hero, how it works, the product grid, the featured carousel, why shop and new arrivals', async () => {
    const products = Array.from({ length: 5 }, (_, i) => makeProduct({ name: `Item ${i + 1}` }));
    server.use(
      http.get('/api/products', () => HttpResponse.json(products.slice(0, 2))),
      http.get('/api/products/featured', () => HttpResponse.json(products)),
      http.get('/api/products/tag/new', () => HttpResponse.json([makeProduct({ name: 'Fresh Kaftan' })])),
    );
    const { user } = renderApp('/');
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why shop with us' })).toBeInTheDocument();
    expect(await screen.findByText('Fresh Kaftan')).toBeInTheDocument();

    const featured = (await screen.findByRole('heading', { name: 'Featured' })).closest('section') as HTMLElement;
    const visible = () => within(featured).getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent);
    expect(visible()).toEqual(['Item 1', 'Item 2', 'Item 3']);
    await user.click(within(featured).getByRole('button', { name: 'Previous featured products' }));
    expect(visible()).toEqual(['Item 5', 'Item 1', 'Item 2']);
    await user.click(within(featured).getByRole('button', { name: 'Next featured products' }));
    await user.click(within(featured).getByRole('button', { name: 'Next featured products' }));
    expect(visible()).toEqual(['Item 2', 'Item 3', 'Item 4']);
  });

  it('asks a signed-out shopper to log in before using the wishlist and remembers the page', async () => {
    const p = makeProduct({ name: 'Silk Abaya' });
    server.use(http.get('/api/products/:id', () => HttpResponse.json(p)));
    const { user } = renderApp(`/product/${p._id}`);
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    await findToast('Please log in to add to wishlist');
    expect(sessionStorage.getItem('returnTo')).toBe(`/product/${p._id}`);
  });

  it('Buy Now adds the chosen quantity and goes to checkout', async () => {
    const p = makeProduct({ name: 'Silk Abaya', stock: 5 });
    let added: unknown = null;
    server.use(
      http.get('/api/products/:id', () => HttpResponse.json(p)),
      http.post('/api/cart/add', async ({ request }) => {
        added = await request.json();
        return HttpResponse.json({ products: [], itemCount: 0, subtotal: 0, shipping: 0, total: 0 });
      }),
    );
    const { user } = renderApp(`/product/${p._id}`, { user: true });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await findToast('Added to cart!');
    expect(added).toEqual({ productId: p._id, quantity: 2 });
    expect(await screen.findByText('Secure Checkout')).toBeInTheDocument();
  });
});
