import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@/lib/types';
import { makeCart, makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

/** A small in-memory cart server that answers like the real one. */
function cartServer(initial: { product: ReturnType<typeof makeProduct>; quantity: number }[]) {
  let lines = initial.map((l) => ({ ...l }));
  const requests: { productId: string; quantity: number }[] = [];
  const current = (): Cart => makeCart(lines);
  server.use(
    http.get('/api/cart', () => HttpResponse.json(current())),
    http.post('/api/cart/add', async ({ request }) => {
      const body = (await request.json()) as { productId: string; quantity: number };
      requests.push(body);
      lines = lines.map((l) => (l.product._id === body.productId ? { ...l, quantity: l.quantity + body.quantity } : l));
      return HttpResponse.json(current());
    }),
    http.delete('/api/cart/remove/:id', ({ params }) => {
      lines = lines.filter((l) => l.product._id !== params.id);
      return HttpResponse.json(current());
    }),
  );
  return { requests };
}

describe('cart page', () => {
  it('disables minus at quantity 1 and updates line total and totals after plus', async () => {
    const dress = makeProduct({ name: 'Floral Summer Dress', price: 24, stock: 20 });
    const { requests } = cartServer([{ product: dress, quantity: 1 }]);
    const { user } = renderApp('/cart', { user: true });

    const line = await screen.findByTestId('cart-line');
    const minus = within(line).getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeDisabled();
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$24.00');
    expect(screen.getByText('Subtotal (1 item)')).toBeInTheDocument();
    expect(screen.getByTestId('subtotal')).toHaveTextContent('$24.00');
    expect(screen.getByTestId('shipping')).toHaveTextContent('$5.00');
    expect(screen.getByTestId('total')).toHaveTextContent('$29.00');

    await user.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('$53.00'));
    expect(requests).toEqual([{ productId: dress._id, quantity: 1 }]);
    expect(within(line).getByTestId('line-quantity')).toHaveTextContent('2');
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$48.00');
    expect(screen.getByText('Subtotal (2 items)')).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();

    await user.click(within(line).getByRole('button', { name: 'Decrease quantity' }));
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('$29.00'));
    expect(requests[1]).toEqual({ productId: dress._id, quantity: -1 });
  });

  it('shows the server totals as sent (no client discount arithmetic)', async () => {
    const discounted = makeProduct({ price: 24, discount: 20, originalPrice: 30 });
    const cart = makeCart([{ product: discounted, quantity: 2 }]);
    server.use(http.get('/api/cart', () => HttpResponse.json({ ...cart, subtotal: 48, shipping: 7.5, total: 55.5 })));
    renderApp('/cart', { user: true });
    expect(await screen.findByTestId('total')).toHaveTextContent('$55.50');
    expect(screen.getByTestId('shipping')).toHaveTextContent('$7.50');
    expect(screen.getByTestId('line-total')).toHaveTextContent('$48.00');
  });

  it('disables plus at the stock', async () => {
    cartServer([{ product: makeProduct({ stock: 2 }), quantity: 2 }]);
    renderApp('/cart', { user: true });
    const line = await screen.findByTestId('cart-line');
    expect(within(line).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it("shows the server's message when a change is refused", async () => {
    const p = makeProduct({ stock: 50 });
    cartServer([{ product: p, quantity: 1 }]);
    server.use(http.post('/api/cart/add', () => HttpResponse.json({ message: 'Only 1 left in stock' }, { status: 409 })));
    const { user } = renderApp('/cart', { user: true });
    const line = await screen.findByTestId('cart-line');
    await user.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    await findToast('Only 1 left in stock');
  });

  it('removes a line with the remove button and shows the empty state', async () => {
    cartServer([{ product: makeProduct(), quantity: 1 }]);
    const { user } = renderApp('/cart', { user: true });
    await user.click(await screen.findByTitle('Remove from cart'));
    await findToast('Item removed from cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/category');
  });

  it('links to checkout and back to the shop', async () => {
    cartServer([{ product: makeProduct(), quantity: 1 }]);
    renderApp('/cart', { user: true });
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/category');
  });
});
