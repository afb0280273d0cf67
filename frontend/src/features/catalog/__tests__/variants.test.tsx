/** Sizes and colours in the shop: the product page's choice and the lists' 'Show only my size'. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@/lib/api-paths';
import { KIDS_SIZES, WOMEN_SIZES } from '@/lib/sizes';
import type { AddToCartRequest, Product } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeCart, makeProduct, makeSizedProduct, makeVariant } from '@/testing/data';
import { pagedReply, server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

const S = makeVariant('S', 0);
const M = makeVariant('M', 2);
const L = makeVariant('L', 12);
const dress = makeSizedProduct([S, M, L], { name: 'Linen Wrap Dress' });

/** Serves `product` and records every POST /api/cart/add body. */
function productServer(product: Product) {
  const added: AddToCartRequest[] = [];
  server.use(
    http.get('/api/products/:id', () => HttpResponse.json(product)),
    http.post('/api/cart/add', async ({ request }) => {
      added.push((await request.json()) as AddToCartRequest);
      return HttpResponse.json(makeCart([]));
    }),
  );
  return added;
}

const sizes = () => within(screen.getByRole('group', { name: /^Size/ }));
const addToCart = () => screen.getByRole('button', { name: 'Add to Cart' });
const buyNow = () => screen.getByRole('button', { name: 'Buy Now' });

describe('product page with sizes', () => {
  it('waits for a size: Add to Cart and Buy Now are disabled with a visible hint until one is chosen', async () => {
    productServer(dress);
    const { user } = renderApp(`/product/${dress._id}`, { user: true });
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    expect(sizes().getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['S', 'M', 'L']);
    expect(addToCart()).toBeDisabled();
    expect(buyNow()).toBeDisabled();
    expect(screen.getByText('Please select a size')).toBeVisible();
    expect(addToCart()).toHaveAccessibleDescription('Please select a size');

    await user.click(sizes().getByRole('radio', { name: 'L' }));
    expect(sizes().getByRole('radio', { name: 'L' })).toBeChecked();
    expect(addToCart()).toBeEnabled();
    expect(buyNow()).toBeEnabled();
    expect(screen.queryByText('Please select a size')).not.toBeInTheDocument();
  });

  it("says 'Sold out' under a sold-out size (which can still be chosen, to be told when it is back) and 'Only 2 left' under a size running low", async () => {
    productServer(dress);
    renderApp(`/product/${dress._id}`);
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    const small = sizes().getByRole('radio', { name: 'S' });
    expect(small).toBeEnabled();
    expect(small).toHaveAccessibleDescription('Sold out');
    const medium = sizes().getByRole('radio', { name: 'M' });
    expect(medium).toBeEnabled();
    expect(medium).toHaveAccessibleDescription('Only 2 left');
    expect(sizes().getByText('Only 2 left')).toBeVisible();
    expect(sizes().getByRole('radio', { name: 'L' })).not.toHaveAccessibleDescription();
  });

  it("says 'Only N left' as the server's runningLow says, and the stock badge is the server's stockStatus", async () => {
    const few = makeSizedProduct([makeVariant('S', 2, { runningLow: false }), makeVariant('M', 5, { runningLow: true, stockStatus: 'inStock' })], {
      name: 'Linen Wrap Dress',
      stockStatus: 'lowStock',
    });
    productServer(few);
    const { user } = renderApp(`/product/${few._id}`);
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    expect(sizes().getByRole('radio', { name: 'S' })).not.toHaveAccessibleDescription();
    expect(sizes().getByRole('radio', { name: 'M' })).toHaveAccessibleDescription('Only 5 left');
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Low Stock');
    await user.click(sizes().getByRole('radio', { name: 'M' }));
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('In Stock');
    expect(screen.queryByText(/left in stock/)).not.toBeInTheDocument();
  });

  it("bounds the quantity by the chosen size's stock and sends the size with the add", async () => {
    const added = productServer(dress);
    const { user } = renderApp(`/product/${dress._id}`, { user: true });
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });

    await user.click(sizes().getByRole('radio', { name: 'L' }));
    for (let i = 0; i < 4; i += 1) await user.click(plus);
    expect(quantity).toHaveValue(5);
    expect(quantity).toHaveAttribute('max', '12');

    // M has 2 left: the quantity follows it down
    await user.click(sizes().getByRole('radio', { name: 'M' }));
    expect(quantity).toHaveValue(2);
    expect(quantity).toHaveAttribute('max', '2');
    expect(plus).toBeDisabled();

    await user.click(addToCart());
    await findToast('Added to cart!');
    expect(added).toEqual([{ productId: dress._id, variantId: M._id, quantity: 2 }]);
  });

  it('Buy Now sends the chosen size and goes to checkout', async () => {
    const added = productServer(dress);
    const { user } = renderApp(`/product/${dress._id}`, { user: true });
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    await user.click(sizes().getByRole('radio', { name: 'L' }));
    await user.click(buyNow());
    expect(await screen.findByText('Secure Checkout')).toBeInTheDocument();
    expect(added).toEqual([{ productId: dress._id, variantId: L._id, quantity: 1 }]);
  });

  it('is chosen with the keyboard (arrow keys move between the sizes left)', async () => {
    productServer(dress);
    const { user } = renderApp(`/product/${dress._id}`, { user: true });
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    await user.click(sizes().getByRole('radio', { name: 'M' }));
    await user.keyboard('{ArrowRight}');
    expect(sizes().getByRole('radio', { name: 'L' })).toBeChecked();
    expect(sizes().getByRole('radio', { name: 'L' })).toHaveFocus();
  });

  it("keeps SPEC.md's display-only colours for sizes without colours", async () => {
    productServer(dress);
    renderApp(`/product/${dress._id}`);
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    for (const c of ['Gray', 'Pink', 'Blue', 'Green']) expect(screen.getByRole('radio', { name: c })).toBeInTheDocument();
  });

  it('shows the sizes of the colour picked, keeping the size when the new colour has it', async () => {
    const blackS = makeVariant('S', 5, { colour: 'Black' });
    const blackM = makeVariant('M', 4, { colour: 'Black' });
    const whiteM = makeVariant('M', 7, { colour: 'White' });
    const whiteL = makeVariant('L', 9, { colour: 'White' });
    const redM = makeVariant('M', 0, { colour: 'Red' });
    const redL = makeVariant('L', 3, { colour: 'Red' });
    const shirt = makeSizedProduct([blackS, blackM, whiteM, whiteL, redM, redL], { name: 'Cotton Shirt' });
    const added = productServer(shirt);
    const { user } = renderApp(`/product/${shirt._id}`, { user: true });
    await screen.findByRole('heading', { name: 'Cotton Shirt' });
    const colours = within(screen.getByRole('group', { name: /^Colour/ }));
    // the real colours replace the display-only ones
    expect(colours.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Black', 'White', 'Red']);
    expect(screen.queryByRole('radio', { name: 'Gray' })).not.toBeInTheDocument();
    expect(colours.getByRole('radio', { name: 'Black' })).toBeChecked();
    expect(sizes().getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['S', 'M']);

    await user.click(sizes().getByRole('radio', { name: 'M' }));
    await user.click(colours.getByRole('radio', { name: 'White' }));
    expect(screen.getByRole('group', { name: /^Colour/ })).toHaveTextContent('Colour: White');
    expect(sizes().getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['M', 'L']);
    expect(sizes().getByRole('radio', { name: 'M' })).toBeChecked();

    // Red M is sold out: M stays chosen, it cannot be bought, only asked for
    await user.click(colours.getByRole('radio', { name: 'Red' }));
    expect(sizes().getByRole('radio', { name: 'M' })).toBeChecked();
    expect(sizes().getByRole('radio', { name: 'M' })).toHaveAccessibleDescription('Sold out');
    expect(sizes().getByRole('radio', { name: 'L' })).not.toBeChecked();
    expect(addToCart()).toBeDisabled();
    expect(screen.queryByText('Please select a size')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toBeEnabled();

    await user.click(sizes().getByRole('radio', { name: 'L' }));
    expect(sizes().getByText('Only 3 left')).toBeInTheDocument();
    await user.click(addToCart());
    await findToast('Added to cart!');
    expect(added).toEqual([{ productId: shirt._id, variantId: redL._id, quantity: 1 }]);
  });

  it("shows the server's message when the size is refused", async () => {
    productServer(dress);
    server.use(http.post('/api/cart/add', () => HttpResponse.json({ message: 'Only 1 left in stock' }, { status: 409 })));
    const { user } = renderApp(`/product/${dress._id}`, { user: true });
    await screen.findByRole('heading', { name: 'Linen Wrap Dress' });
    await user.click(sizes().getByRole('radio', { name: 'M' }));
    await user.click(addToCart());
    await findToast('Only 1 left in stock');
  });

  it('is axe-clean with colours, sizes, a sold-out size and the hint', async () => {
    const shirt = makeSizedProduct(
      [makeVariant('S', 0, { colour: 'Black' }), makeVariant('M', 2, { colour: 'Black' }), makeVariant('M', 8, { colour: 'White' })],
      { name: 'Cotton Shirt' },
    );
    productServer(shirt);
    renderApp(`/product/${shirt._id}`);
    await screen.findByRole('heading', { name: 'Cotton Shirt' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('a card of a product with sizes', () => {
  it('sends the shopper to the product page to choose a size instead of adding blindly', async () => {
    let added = 0;
    server.use(
      http.get('/api/products', () => HttpResponse.json([dress])),
      http.get('/api/products/:id', () => HttpResponse.json(dress)),
      http.post('/api/cart/add', () => {
        added += 1;
        return HttpResponse.json(makeCart([]));
      }),
    );
    const { user } = renderApp('/category', { user: true });
    await screen.findByText('Linen Wrap Dress');
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Linen Wrap Dress' }));
    await findToast('Please select a size');
    expect(location()).toHaveTextContent(`/product/${dress._id}`);
    expect(await screen.findByRole('heading', { name: 'Linen Wrap Dress', level: 1 })).toBeInTheDocument();
    expect(added).toBe(0);
  });
});

describe("'Show only my size'", () => {
  /** Serves a paged list at `path`, recording each request's query. */
  function listServer(path: string, all: Product[]) {
    const seen: string[] = [];
    server.use(
      http.get(path, ({ request }) => {
        seen.push(new URL(request.url).searchParams.toString());
        return pagedReply(all, request);
      }),
    );
    return seen;
  }

  const sizeSelect = () => screen.getByRole('combobox', { name: 'Show only my size' });
  const options = () => within(sizeSelect()).getAllByRole('option').map((o) => o.textContent);

  it("offers the category's sizes, keeps the choice in the URL and asks the server for that size", async () => {
    const seen = listServer('/api/products/category/:c', [makeProduct({ name: 'Kids Tee' })]);
    const { user } = renderApp('/category/kids');
    await screen.findByText('Kids Tee');
    expect(options()).toEqual(['All sizes', ...KIDS_SIZES]);
    expect(sizeSelect()).toHaveValue('');

    await user.selectOptions(sizeSelect(), '4-5Y');
    expect(location()).toHaveTextContent('/category/kids?size=4-5Y');
    await waitFor(() => expect(seen.at(-1)).toBe(`size=4-5Y&page=1&limit=${CATEGORY_PAGE_SIZE}`));
    expect(seen[0]).toBe(`page=1&limit=${CATEGORY_PAGE_SIZE}`);

    await user.selectOptions(sizeSelect(), 'All sizes');
    expect(location()).toHaveTextContent(/^\/category\/kids$/);
  });

  it("survives a reload and 'Load more', and offers women's sizes on the women's page", async () => {
    const all = Array.from({ length: CATEGORY_PAGE_SIZE + 2 }, (_, i) => makeProduct({ name: `Wrap Dress ${i + 1}` }));
    const seen = listServer('/api/products/category/:c', all);
    const { user } = renderApp('/category/women?size=M');
    await screen.findByText('Wrap Dress 1');
    expect(sizeSelect()).toHaveValue('M');
    expect(options()).toEqual(['All sizes', ...WOMEN_SIZES]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Wrap Dress ${all.length}`)).toBeInTheDocument();
    expect(seen).toEqual([
      `size=M&page=1&limit=${CATEGORY_PAGE_SIZE}`,
      `size=M&page=2&limit=${CATEGORY_PAGE_SIZE}`,
    ]);
    expect(location()).toHaveTextContent('/category/women?size=M');
  });

  it("ignores a size the list does not offer", async () => {
    const seen = listServer('/api/products/category/:c', [makeProduct({ name: 'Kids Tee' })]);
    renderApp('/category/kids?size=XL');
    await screen.findByText('Kids Tee');
    expect(seen).toEqual([`page=1&limit=${CATEGORY_PAGE_SIZE}`]);
    expect(sizeSelect()).toHaveValue('');
  });

  it('offers every size on the sales page and in search results, and sends the size with the query and sort', async () => {
    listServer('/api/products/category/:c', [makeProduct({ name: 'Sale Scarf' })]);
    const { unmount } = renderApp('/category/sales');
    await screen.findByText('Sale Scarf');
    expect(options()).toEqual(['All sizes', ...WOMEN_SIZES, ...KIDS_SIZES]);
    unmount();

    const seen = listServer('/api/products/search', [makeProduct({ name: 'Silk Dress' })]);
    const { user } = renderApp('/search?q=silk&sort=newest');
    await screen.findByText('Silk Dress');
    expect(options()).toEqual(['All sizes', ...WOMEN_SIZES, ...KIDS_SIZES]);
    await user.selectOptions(sizeSelect(), '9-10Y');
    expect(location()).toHaveTextContent('/search?q=silk&sort=newest&size=9-10Y');
    await waitFor(() => expect(seen.at(-1)).toBe(`q=silk&sort=newest&size=9-10Y&page=1&limit=${SEARCH_PAGE_SIZE}`));
  });

  it('is axe-clean on the category and search pages', async () => {
    listServer('/api/products', [makeProduct()]);
    const { unmount } = renderApp('/category?size=S');
    await screen.findByText('1 product');
    expect(await axeViolations()).toEqual([]);
    unmount();
    listServer('/api/products/search', [makeProduct()]);
    renderApp('/search?q=dress&size=S');
    await screen.findByText('1 product found');
    expect(await axeViolations()).toEqual([]);
  });
});
