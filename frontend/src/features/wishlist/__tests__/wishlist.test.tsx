import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCart, makeProduct, makeSizedProduct, makeVariant, makeWishlist } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

describe('wishlist page', () => {
  it('shows the count badge, prices, and moves an item to the cart', async () => {
    const a = makeProduct({ name: 'Silk Abaya', price: 45, discount: 10, originalPrice: 50 });
    const b = makeProduct({ name: 'Kids Tee', price: 8 });
    let list = [a, b];
    const order: string[] = [];
    server.use(
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(list))),
      http.post('/api/cart/add', async ({ request }) => {
        const body = (await request.json()) as { productId: string; quantity: number };
        order.push(`add:${body.productId}:${body.quantity}`);
        return HttpResponse.json(makeCart([{ product: a, quantity: 1 }]));
      }),
      http.delete('/api/wishlist/remove/:id', ({ params }) => {
        order.push(`remove:${params.id}`);
        list = list.filter((p) => p._id !== params.id);
        return HttpResponse.json({ message: 'Removed from wishlist' });
      }),
    );
    const { user } = renderApp('/wishlist', { user: true });
    expect(await screen.findByText('2 Items in Wishlist')).toBeInTheDocument();
    expect(screen.getByTestId('original-price')).toHaveTextContent('$50.00');

    await user.click(screen.getAllByRole('button', { name: 'Add to Cart' })[0]);
    await findToast('Added to cart and removed from wishlist');
    expect(order).toEqual([`add:${a._id}:1`, `remove:${a._id}`]);
    expect(await screen.findByText('1 Item')).toBeInTheDocument();
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('1');
  });

  it('keeps the line when adding to the cart fails', async () => {
    const a = makeProduct({ name: 'Silk Abaya' });
    let removed = false;
    server.use(
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist([a]))),
      http.post('/api/cart/add', () => HttpResponse.json({ message: 'Only 0 left in stock' }, { status: 409 })),
      http.delete('/api/wishlist/remove/:id', () => {
        removed = true;
        return HttpResponse.json({ message: 'Removed from wishlist' });
      }),
    );
    const { user } = renderApp('/wishlist', { user: true });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await findToast('Only 0 left in stock');
    expect(removed).toBe(false);
    expect(screen.getByText('1 Item')).toBeInTheDocument();
  });

  it('removes an item and shows the empty state', async () => {
    let list = [makeProduct({ name: 'Silk Abaya' })];
    server.use(
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(list))),
      http.delete('/api/wishlist/remove/:id', () => {
        list = [];
        return HttpResponse.json({ message: 'Removed from wishlist' });
      }),
    );
    const { user } = renderApp('/wishlist', { user: true });
    await user.click(await screen.findByTitle('Remove from wishlist'));
    await findToast('Removed from wishlist');
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/category');
  });

  it("says 'Product already in wishlist' as information", async () => {
    const p = makeProduct({ name: 'Silk Abaya' });
    server.use(
      http.get('/api/products/:id', () => HttpResponse.json(p)),
      http.post('/api/wishlist/add', () => HttpResponse.json({ message: 'Product already in wishlist' })),
    );
    const { user } = renderApp(`/product/${p._id}`, { user: true });
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    const toast = await findToast('Product already in wishlist');
    await waitFor(() => expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info'));
  });

  it("sends a product with sizes to its page to choose one instead of adding it, and 'Move all' moves only one-size products", async () => {
    const dress = makeSizedProduct([makeVariant('S', 3), makeVariant('M', 4)], { name: 'Linen Wrap Dress' });
    const tee = makeProduct({ name: 'Kids Tee' });
    const scarf = makeProduct({ name: 'Silk Scarf' });
    let list = [dress, tee, scarf];
    const added: string[] = [];
    server.use(
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(list))),
      http.get('/api/products/:id', () => HttpResponse.json(dress)),
      http.post('/api/cart/add', async ({ request }) => {
        added.push(((await request.json()) as { productId: string }).productId);
        return HttpResponse.json(makeCart([]));
      }),
      http.delete('/api/wishlist/remove/:id', ({ params }) => {
        list = list.filter((p) => p._id !== params.id);
        return HttpResponse.json({ message: 'Removed from wishlist' });
      }),
    );
    const { user, unmount } = renderApp('/wishlist', { user: true });
    await screen.findByText('3 Items in Wishlist');
    await user.click(screen.getByRole('button', { name: 'Move all to cart' }));
    await findToast('Moved to cart');
    expect(added).toEqual([tee._id, scarf._id]);
    expect(await screen.findByText('1 Item')).toBeInTheDocument();
    unmount();

    const again = renderApp('/wishlist', { user: true });
    await screen.findByText('1 Item');
    await again.user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await findToast('Please select a size');
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${dress._id}`);
    expect(await screen.findByRole('heading', { name: 'Linen Wrap Dress', level: 1 })).toBeInTheDocument();
    expect(added).toEqual([tee._id, scarf._id]);
    expect(list).toEqual([dress]);
  });

  it('says the wishlist could not be loaded (not that it is empty), and Try Again asks again', async () => {
    let fail = true;
    server.use(
      http.get('/api/wishlist', () =>
        fail ? HttpResponse.json({ message: 'Service unavailable' }, { status: 503 }) : HttpResponse.json(makeWishlist([makeProduct({ name: 'Silk Abaya' })])),
      ),
    );
    const { user } = renderApp('/wishlist', { user: true });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('Your wishlist could not be loaded.');
    expect(screen.queryByText('Your wishlist is empty')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Silk Abaya' })).toBeInTheDocument();
  });
});
