/** The product page's 'Notify me when it's back' (issue 44): only for what is sold out; sign-in and back; 201, 200 and 409. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product, RestockAlert, RestockAlertInput } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeProduct, makeSizedProduct, makeUser, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');
const sizes = () => within(screen.getByRole('group', { name: /^Size/ }));
const notifyMe = () => screen.queryByRole('button', { name: "Notify me when it's back" });
const addToCart = () => screen.getByRole('button', { name: 'Add to Cart' });

const S = makeVariant('S', 0);
const M = makeVariant('M', 4);
const dress = makeSizedProduct([S, M], { name: 'Linen Wrap Dress' });
const scarf = makeProduct({ name: 'Silk Scarf', stock: 0, stockStatus: 'outOfStock' });

/**
 * Serves `product` (the next reply after a refusal: `refetched`) and POST /api/restock-alerts
 * answering `status` with the request (or `reply`); returns the bodies sent and how often the
 * product was fetched.
 */
function serve(product: Product, { status = 201, reply, refetched }: { status?: number; reply?: () => Response; refetched?: Product } = {}) {
  const sent: RestockAlertInput[] = [];
  let fetched = 0;
  server.use(
    http.get('/api/products/:id', () => {
      fetched += 1;
      return HttpResponse.json(fetched > 1 && refetched ? refetched : product);
    }),
    http.post('/api/restock-alerts', async ({ request }) => {
      const body = (await request.json()) as RestockAlertInput;
      sent.push(body);
      if (reply) return reply();
      const alert: RestockAlert = {
        _id: 'r-1',
        productId: body.productId,
        variantId: body.variantId ?? null,
        createdAt: '2026-11-27T10:00:00Z',
        answeredAt: null,
      };
      return HttpResponse.json(alert, { status });
    }),
  );
  return { sent, fetched: () => fetched };
}

async function openProduct(product: Product, options: Parameters<typeof renderApp>[1] = { user: true }) {
  const app = renderApp(`/product/${product._id}`, options);
  await screen.findByRole('heading', { level: 1, name: product.name });
  return app;
}

describe("'Notify me when it's back'", () => {
  it('is offered only once a sold-out size is chosen, in place of Buy Now', async () => {
    serve(dress);
    const { user } = await openProduct(dress);
    expect(notifyMe()).not.toBeInTheDocument();

    await user.click(sizes().getByRole('radio', { name: 'M' }));
    expect(notifyMe()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();

    await user.click(sizes().getByRole('radio', { name: 'S' }));
    expect(sizes().getByRole('radio', { name: 'S' })).toBeChecked();
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(addToCart()).toBeDisabled();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Out of Stock');

    await user.click(sizes().getByRole('radio', { name: 'M' }));
    expect(notifyMe()).not.toBeInTheDocument();
    expect(addToCart()).toBeEnabled();
  });

  it('is offered for a sold-out one-size product, and not for one in stock', async () => {
    serve(scarf);
    const { unmount } = await openProduct(scarf);
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toBeEnabled();
    expect(addToCart()).toBeDisabled();
    unmount();

    const inStock = makeProduct({ name: 'Cotton Scarf', stock: 8 });
    serve(inStock);
    await openProduct(inStock);
    expect(notifyMe()).not.toBeInTheDocument();
  });

  it('asks to choose a size when every size is sold out', async () => {
    const gone = makeSizedProduct([makeVariant('S', 0), makeVariant('M', 0)], { name: 'Wool Coat' });
    serve(gone);
    const { user } = await openProduct(gone);
    expect(screen.getByText("Sold out: choose your size to be told when it's back")).toBeVisible();
    expect(notifyMe()).not.toBeInTheDocument();
    await user.click(sizes().getByRole('radio', { name: 'M' }));
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toBeInTheDocument();
    expect(screen.queryByText("Sold out: choose your size to be told when it's back")).not.toBeInTheDocument();
  });

  it('sends a signed-out shopper to sign in, and back to the product with the size chosen', async () => {
    const { sent } = serve(dress);
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ token: 'tok', user: makeUser({ email: 'amina@example.com' }), message: 'Logged in successfully' }),
      ),
    );
    const { user } = await openProduct(dress, {});
    await user.click(sizes().getByRole('radio', { name: 'S' }));
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    await findToast("Please log in to be told when it's back");
    expect(location()).toHaveTextContent(/^\/login$/);
    expect(sessionStorage.getItem('returnTo')).toBe(`/product/${dress._id}?variant=${S._id}`);
    expect(sent).toEqual([]);

    await user.type(await screen.findByLabelText('Email'), 'amina@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toHaveTextContent(`/product/${dress._id}?variant=${S._id}`));
    await screen.findByRole('heading', { level: 1, name: 'Linen Wrap Dress' });
    expect(sizes().getByRole('radio', { name: 'S' })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    await findToast("We'll tell you when Linen Wrap Dress is back");
    expect(sent).toEqual([{ productId: dress._id, variantId: S._id }]);
  });

  it('sends the size and, once the server has it (201), says so and takes the focus', async () => {
    const { sent } = serve(dress);
    const { user } = await openProduct(dress);
    await user.click(sizes().getByRole('radio', { name: 'S' }));
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    const status = await screen.findByText("We'll tell you when it's back");
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveFocus();
    expect(notifyMe()).not.toBeInTheDocument();
    await findToast("We'll tell you when Linen Wrap Dress is back");
    expect(sent).toEqual([{ productId: dress._id, variantId: S._id }]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the same when the shopper had asked already (200), and sends null for a one-size product', async () => {
    const { sent } = serve(scarf, { status: 200 });
    const { user } = await openProduct(scarf);
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    expect(await screen.findByText("We'll tell you when it's back")).toBeInTheDocument();
    await findToast("We'll tell you when Silk Scarf is back");
    expect(sent).toEqual([{ productId: scarf._id, variantId: null }]);
  });

  it("shows the server's 409 and fetches the product again, which then offers the size", async () => {
    const back = makeSizedProduct([{ ...S, stock: 2, stockStatus: 'lowStock', runningLow: true }, M], { _id: dress._id, name: dress.name });
    const served = serve(dress, {
      refetched: back,
      reply: () => HttpResponse.json({ message: 'This size is in stock: add it to your bag instead' }, { status: 409 }),
    });
    const { user } = await openProduct(dress);
    await user.click(sizes().getByRole('radio', { name: 'S' }));
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    await findToast('This size is in stock: add it to your bag instead');
    await waitFor(() => expect(served.fetched()).toBeGreaterThan(1));
    await waitFor(() => expect(addToCart()).toBeEnabled());
    expect(sizes().getByRole('radio', { name: 'S' })).toBeChecked();
    expect(notifyMe()).not.toBeInTheDocument();
    expect(screen.queryByText("We'll tell you when it's back")).not.toBeInTheDocument();
  });

  it("shows the server's word for a missing size (400 errors.variantId)", async () => {
    serve(scarf, {
      reply: () =>
        HttpResponse.json(
          { message: 'Please check the highlighted fields', errors: { variantId: 'Choose the size you want to be told about' } },
          { status: 400 },
        ),
    });
    const { user } = await openProduct(scarf);
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    await findToast('Choose the size you want to be told about');
    expect(notifyMe()).toBeInTheDocument();
  });

  it('is axe-clean with a sold-out size chosen, and chosen with the keyboard', async () => {
    serve(dress);
    const { user } = await openProduct(dress);
    await user.click(sizes().getByRole('radio', { name: 'M' }));
    await user.keyboard('{ArrowLeft}');
    expect(sizes().getByRole('radio', { name: 'S' })).toBeChecked();
    const button = await screen.findByRole('button', { name: "Notify me when it's back" });
    expect(await axeViolations()).toEqual([]);
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText("We'll tell you when it's back")).toHaveFocus();
  });
});
