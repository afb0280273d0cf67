import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AddToCartRequest, Cart, Product, Variant } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeCart, makeProduct, makeSizedProduct, makeVariant, withDiscount } from '@/testing/data';
import { server, serveDiscountCart } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

/** A small in-memory cart server that answers like the real one: a line is a product in one size (or none). */
function cartServer(initial: { product: Product; variant?: Variant; quantity: number }[]) {
  let lines = initial.map((l) => ({ ...l }));
  const requests: AddToCartRequest[] = [];
  const removed: string[] = [];
  const current = (): Cart => makeCart(lines);
  const isLine = (l: (typeof lines)[number], productId: string, variantId: string | null | undefined) =>
    l.product._id === productId && (l.variant?._id ?? null) === (variantId ?? null);
  server.use(
    http.get('/api/cart', () => HttpResponse.json(current())),
    http.post('/api/cart/add', async ({ request }) => {
      const body = (await request.json()) as AddToCartRequest;
      requests.push(body);
      lines = lines.map((l) => (isLine(l, body.productId, body.variantId) ? { ...l, quantity: l.quantity + (body.quantity ?? 1) } : l));
      return HttpResponse.json(current());
    }),
    http.delete('/api/cart/remove/:id', ({ params, request }) => {
      const url = new URL(request.url);
      removed.push(url.pathname + url.search);
      lines = lines.filter((l) => !isLine(l, String(params.id), url.searchParams.get('variantId')));
      return HttpResponse.json(current());
    }),
  );
  return { requests, removed };
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

  it('shows two sizes of one product as two lines, each naming its size, and acts on that size', async () => {
    const blackM = makeVariant('M', 5, { colour: 'Black' });
    const blackL = makeVariant('L', 2, { colour: 'Black' });
    const dress = makeSizedProduct([blackM, blackL], { name: 'Linen Wrap Dress', price: 30 });
    const { requests, removed } = cartServer([
      { product: dress, variant: blackM, quantity: 1 },
      { product: dress, variant: blackL, quantity: 2 },
    ]);
    const { user } = renderApp('/cart', { user: true });

    const [medium, large] = await screen.findAllByTestId('cart-line');
    expect(within(medium).getByTestId('line-variant')).toHaveTextContent('Size M · Black');
    expect(within(large).getByTestId('line-variant')).toHaveTextContent('Size L · Black');
    expect(within(medium).getByRole('link', { name: 'Linen Wrap Dress' })).toHaveAttribute('href', `/product/${dress._id}`);
    // the quantity is bounded by the size's stock: 2 L left, 2 in the cart
    expect(within(large).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(within(large).getByRole('group', { name: 'Quantity of Linen Wrap Dress (Size L · Black)' })).toBeInTheDocument();

    await user.click(within(medium).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(within(medium).getByTestId('line-quantity')).toHaveTextContent('2'));
    expect(within(large).getByTestId('line-quantity')).toHaveTextContent('2');
    await user.click(within(large).getByRole('button', { name: 'Decrease quantity' }));
    await waitFor(() => expect(within(large).getByTestId('line-quantity')).toHaveTextContent('1'));
    expect(requests).toEqual([
      { productId: dress._id, variantId: blackM._id, quantity: 1 },
      { productId: dress._id, variantId: blackL._id, quantity: -1 },
    ]);

    await user.click(within(large).getByRole('button', { name: 'Remove Linen Wrap Dress (Size L · Black) from cart' }));
    await findToast('Item removed from cart');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(removed).toEqual([`/api/cart/remove/${dress._id}?variantId=${blackL._id}`]);
    expect(screen.getByTestId('line-variant')).toHaveTextContent('Size M · Black');
  });

  it('removes a one-size line without a size, and clears every line by its size', async () => {
    const m = makeVariant('M', 5);
    const dress = makeSizedProduct([m], { name: 'Linen Wrap Dress' });
    const scarf = makeProduct({ name: 'Silk Scarf' });
    const { removed } = cartServer([
      { product: dress, variant: m, quantity: 1 },
      { product: scarf, quantity: 1 },
    ]);
    const { user } = renderApp('/cart', { user: true });
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    // a one-size line names no size
    expect(screen.getAllByTestId('line-variant')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(removed).toEqual([`/api/cart/remove/${dress._id}?variantId=${m._id}`, `/api/cart/remove/${scarf._id}`]);
  });

  it("'Clear cart' asks first: Cancel keeps every line, nothing is sent", async () => {
    const { removed } = cartServer([
      { product: makeProduct({ name: 'Silk Scarf' }), quantity: 2 },
      { product: makeProduct({ name: 'Linen Wrap Dress' }), quantity: 1 },
    ]);
    const { user } = renderApp('/cart', { user: true });
    await screen.findAllByTestId('cart-line');
    const clear = screen.getByRole('button', { name: 'Clear cart' });
    await user.click(clear);
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear your cart?' });
    expect(dialog).toHaveAccessibleDescription('All 3 items in your cart will be removed.');
    // the safe choice has the focus
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await axeViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(clear).toHaveFocus();
    // Escape is a Cancel too
    await user.click(clear);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(removed).toEqual([]);
  });

  it('says the cart could not be loaded (not that it is empty), and Try Again asks again', async () => {
    let fail = true;
    server.use(
      http.get('/api/cart', () =>
        fail ? HttpResponse.json({ message: 'Service unavailable' }, { status: 503 }) : HttpResponse.json(makeCart([{ product: makeProduct({ name: 'Silk Scarf' }), quantity: 1 }])),
      ),
    );
    const { user } = renderApp('/cart', { user: true });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('Your cart could not be loaded.');
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(1);
  });

  it('is axe-clean with lines in two sizes', async () => {
    const m = makeVariant('M', 5, { colour: 'Black' });
    const l = makeVariant('L', 5, { colour: 'Black' });
    const dress = makeSizedProduct([m, l], { name: 'Linen Wrap Dress' });
    cartServer([
      { product: dress, variant: m, quantity: 1 },
      { product: dress, variant: l, quantity: 1 },
    ]);
    renderApp('/cart', { user: true });
    await screen.findAllByTestId('cart-line');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('cart page: discount code', () => {
  /** Two dresses at $24 and $5 shipping: $53.00 in all; EID-2026 takes 15 % ($7.20) off. */
  const cart = () => makeCart([{ product: makeProduct({ name: 'Floral Summer Dress', price: 24 }), quantity: 2 }]);
  const summary = () => within(screen.getByRole('complementary'));
  const codeInput = () => screen.findByRole('textbox', { name: 'Discount code' });

  it('applies a code typed in any case: the discount line, the new total, and the code with Remove in place of the field', async () => {
    const served = serveDiscountCart(cart(), { 'EID-2026': 7.2 });
    const { user } = renderApp('/cart', { user: true });
    const input = await codeInput();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(input, '   ');
    expect(apply).toBeDisabled();
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'eid-2026');
    await user.click(apply);
    const remove = await screen.findByRole('button', { name: 'Remove discount code EID-2026' });
    expect(served.sent).toEqual(['eid-2026']);
    expect(remove).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument();
    expect(screen.getByTestId('discount-code')).toHaveTextContent('EID-2026');
    const lines = summary()
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(lines).toEqual(['Subtotal (2 items) $48.00', 'Discount (EID-2026) -$7.20', 'Shipping $5.00', 'Total $45.80']);
  });

  it("shows the server's refusal under the field and keeps the total", async () => {
    serveDiscountCart(cart(), {});
    server.use(
      http.post('/api/cart/discount', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        return code === 'BIG50'
          ? HttpResponse.json({ message: 'This discount code needs a subtotal of at least $50.00' }, { status: 400 })
          : HttpResponse.json({ message: 'Discount code not found' }, { status: 404 });
      }),
    );
    const { user } = renderApp('/cart', { user: true });
    const input = await codeInput();
    await user.type(input, 'BIG50{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code needs a subtotal of at least $50.00');
    expect(input).toHaveAccessibleDescription('This discount code needs a subtotal of at least $50.00');
    expect(input).toHaveValue('BIG50');
    expect(screen.getByTestId('total')).toHaveTextContent('$53.00');
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();

    // Editing the code clears the message; another refusal shows its own.
    await user.type(input, 'X');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Discount code not found');
    expect(screen.getByTestId('total')).toHaveTextContent('$53.00');
  });

  it('removes the code: the full price again, and the field back with the focus', async () => {
    const full = cart();
    serveDiscountCart(withDiscount(full, 'EID-2026', 7.2), {});
    let removed = 0;
    server.use(
      http.delete('/api/cart/discount', () => {
        removed += 1;
        return HttpResponse.json(full);
      }),
    );
    const { user } = renderApp('/cart', { user: true });
    expect(await screen.findByTestId('discount')).toHaveTextContent('-$7.20');
    expect(screen.getByTestId('total')).toHaveTextContent('$45.80');
    await user.click(screen.getByRole('button', { name: 'Remove discount code EID-2026' }));
    const input = await codeInput();
    expect(input).toHaveFocus();
    expect(removed).toBe(1);
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent('$53.00');
  });

  it("shows a free-shipping code's line and the server's shipping of $0.00", async () => {
    const full = cart();
    server.use(
      http.get('/api/cart', () =>
        HttpResponse.json({ ...full, discount: { code: 'FREESHIP', amount: 0 }, shipping: 0, total: full.subtotal }),
      ),
    );
    renderApp('/cart', { user: true });
    expect(await screen.findByTestId('discount')).toHaveTextContent('Free shipping');
    expect(screen.getByText('Discount (FREESHIP)')).toBeInTheDocument();
    expect(screen.getByTestId('shipping')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('total')).toHaveTextContent('$48.00');
  });

  it('says why a held code no longer applies, with the full price and Remove', async () => {
    serveDiscountCart({ ...cart(), discountNotApplied: { code: 'EID-2026', message: 'This discount code has expired' } }, {});
    const { user } = renderApp('/cart', { user: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code has expired');
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent('$53.00');
    await user.click(screen.getByRole('button', { name: 'Remove discount code EID-2026' }));
    expect(await codeInput()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is axe-clean with a code applied, with one that no longer applies, and with a refusal', async () => {
    const full = cart();
    const served = serveDiscountCart(withDiscount(full, 'EID-2026', 7.2), {});
    const { unmount } = renderApp('/cart', { user: true });
    await screen.findByTestId('discount');
    expect(await axeViolations()).toEqual([]);
    unmount();

    served.set({ ...full, discountNotApplied: { code: 'EID-2026', message: 'This discount code has expired' } });
    const second = renderApp('/cart', { user: true });
    await screen.findByRole('alert');
    expect(await axeViolations()).toEqual([]);
    second.unmount();

    served.set(full);
    const { user } = renderApp('/cart', { user: true });
    await user.type(await codeInput(), 'NOPE{Enter}');
    await screen.findByRole('alert');
    expect(await axeViolations()).toEqual([]);
  });
});
