/**
 * Issue 62: a signed-out shopper's Add to Cart (or wishlist heart) is finished after signing in.
 * They are still told 'Please log in to add to cart' and sent to /login; once signed in (or
 * registered), the item goes into the cart once, with the size and quantity chosen, they are back
 * on the product's page with that size and its colour chosen, and the toasts are 'Logged in
 * successfully' and 'Added to cart!' only.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AddToCartRequest, Product } from '@/lib/types';
import { PENDING_ACTION_MS, usePendingAction } from '@/stores/pending-action';
import { useSession } from '@/stores/session';
import { makeCart, makeProduct, makeSizedProduct, makeUser, makeVariant, makeWishlist } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

/** The toasts shown and not closing (a dismissed one stays in the page while it slides out). */
function shownToasts(): string[] {
  return Array.from(document.querySelectorAll('.Toastify__toast'))
    .filter((toast) => !/exit/.test(toast.className))
    .map((toast) => toast.textContent ?? '');
}

const blackS = makeVariant('S', 5, { colour: 'Black' });
const blackM = makeVariant('M', 4, { colour: 'Black' });
const whiteM = makeVariant('M', 7, { colour: 'White' });
const whiteL = makeVariant('L', 9, { colour: 'White' });
const shirt = makeSizedProduct([blackS, blackM, whiteM, whiteL], { name: 'Cotton Shirt' });

/** Serves `products`, the cart and the wishlist as the adds leave them; records every POST /api/cart/add and /api/wishlist/add body. */
function shopServer(...products: Product[]) {
  const cartAdds: AddToCartRequest[] = [];
  const wishlistAdds: unknown[] = [];
  let wished: Product[] = [];
  let cart = makeCart([]);
  server.use(
    http.get('/api/products', () => HttpResponse.json(products)),
    http.get('/api/cart', () => HttpResponse.json(cart)),
    http.get('/api/products/:id', ({ params }) => HttpResponse.json(products.find((p) => p._id === params.id))),
    http.post('/api/cart/add', async ({ request }) => {
      const body = (await request.json()) as AddToCartRequest;
      cartAdds.push(body);
      const product = products.find((p) => p._id === body.productId)!;
      const variant = product.variants?.find((v) => v._id === body.variantId);
      cart = makeCart([{ product, variant, quantity: body.quantity ?? 1 }]);
      return HttpResponse.json(cart);
    }),
    http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(wished))),
    http.post('/api/wishlist/add', async ({ request }) => {
      const body = (await request.json()) as { productId: string };
      wishlistAdds.push(body);
      wished = products.filter((p) => p._id === body.productId);
      return HttpResponse.json({ message: 'Added to wishlist' }, { status: 201 });
    }),
  );
  return { cartAdds, wishlistAdds };
}

/** POST /api/auth/login answers a customer, or 401 while `refuse` says so; counts the tries. */
function loginServer({ refuse = false } = {}) {
  const state = { refuse, tries: 0 };
  server.use(
    http.post('/api/auth/login', () => {
      state.tries += 1;
      return state.refuse
        ? HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })
        : HttpResponse.json({ token: 'tok', user: makeUser(), message: 'Logged in successfully' });
    }),
  );
  return state;
}

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'amina@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** On the shirt's page, signed out: White, size L, two of them, Add to Cart. */
async function addWhiteLargeSignedOut() {
  const rendered = renderApp(`/product/${shirt._id}`);
  const { user } = rendered;
  await screen.findByRole('heading', { level: 1, name: 'Cotton Shirt' });
  await user.click(within(screen.getByRole('group', { name: /^Colour/ })).getByRole('radio', { name: 'White' }));
  await user.click(within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: 'L' }));
  await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
  await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  await findToast('Please log in to add to cart');
  await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
  return rendered;
}

describe("a signed-out shopper's Add to Cart", () => {
  it('is done once after signing in, back on the product with the size and colour chosen, toasted once', async () => {
    const { cartAdds } = shopServer(shirt);
    loginServer();
    const { user } = await addWhiteLargeSignedOut();
    expect(cartAdds).toEqual([]);

    await signIn(user);
    await findToast('Logged in successfully');
    await findToast('Added to cart!');
    expect(cartAdds).toEqual([{ productId: shirt._id, variantId: whiteL._id, quantity: 2 }]);
    await waitFor(() => expect(location()).toHaveTextContent(`/product/${shirt._id}?variant=${whiteL._id}`));

    // The page as they left it: White and L chosen, the cart's badge counting the two.
    await screen.findByRole('heading', { level: 1, name: 'Cotton Shirt' });
    expect(within(screen.getByRole('group', { name: /^Colour/ })).getByRole('radio', { name: 'White' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: 'L' })).toBeChecked();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    // 'Please log in to add to cart' is gone; 'Added to cart!' is shown once.
    await waitFor(() => expect(shownToasts().sort()).toEqual(['Added to cart!', 'Logged in successfully']));
    expect(sessionStorage.getItem('pendingAction')).toBeNull();
    expect(sessionStorage.getItem('returnTo')).toBeNull();
    expect(cartAdds).toHaveLength(1);
  });

  it('is not done while the sign-in fails, and done once when it then succeeds', async () => {
    const { cartAdds } = shopServer(shirt);
    const login = loginServer({ refuse: true });
    const { user } = await addWhiteLargeSignedOut();

    await signIn(user);
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid email or password');
    expect(login.tries).toBe(1);
    expect(cartAdds).toEqual([]);
    expect(location()).toHaveTextContent(/^\/login$/);
    expect(sessionStorage.getItem('pendingAction')).not.toBeNull();

    login.refuse = false;
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findToast('Added to cart!');
    await waitFor(() => expect(location()).toHaveTextContent(`/product/${shirt._id}?variant=${whiteL._id}`));
    expect(cartAdds).toEqual([{ productId: shirt._id, variantId: whiteL._id, quantity: 2 }]);
    // The refusal's toast went with the sign-in.
    await waitFor(() => expect(shownToasts().sort()).toEqual(['Added to cart!', 'Logged in successfully']));
  });

  it('survives a detour through Create Account: registering adds it and comes back to the product', async () => {
    const { cartAdds } = shopServer(shirt);
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json({ token: 't1', user: makeUser({ name: 'Hodan Ali' }), message: 'Registered successfully' }, { status: 201 }),
      ),
    );
    const { user } = await addWhiteLargeSignedOut();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await user.type(await screen.findByLabelText('Full Name'), 'Hodan Ali');
    await user.type(screen.getByLabelText('Email Address'), 'hodan@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '615551234');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await findToast('Registered successfully');
    await findToast('Added to cart!');
    await waitFor(() => expect(location()).toHaveTextContent(`/product/${shirt._id}?variant=${whiteL._id}`));
    expect(cartAdds).toEqual([{ productId: shirt._id, variantId: whiteL._id, quantity: 2 }]);
    await waitFor(() => expect(shownToasts().sort()).toEqual(['Added to cart!', 'Registered successfully']));
  });

  it('is forgotten when the sign-in comes after PENDING_ACTION_MS: nothing is added, the return address still holds', async () => {
    const { cartAdds } = shopServer(shirt);
    loginServer();
    const { user } = await addWhiteLargeSignedOut();
    const kept = JSON.parse(sessionStorage.getItem('pendingAction')!);
    usePendingAction.setState({ pending: { ...kept, at: Date.now() - PENDING_ACTION_MS - 1 } });

    await signIn(user);
    await findToast('Logged in successfully');
    await waitFor(() => expect(location()).toHaveTextContent(`/product/${shirt._id}?variant=${whiteL._id}`));
    expect(cartAdds).toEqual([]);
    expect(sessionStorage.getItem('pendingAction')).toBeNull();
  });

  it('an ordinary sign-in (nothing pending) adds nothing and goes home', async () => {
    const { cartAdds } = shopServer(shirt);
    loginServer();
    const { user } = renderApp('/login');
    await signIn(user);
    await findToast('Logged in successfully');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(cartAdds).toEqual([]);
    expect(useSession.getState().token).toBe('tok');
  });
});

describe("a signed-out shopper's wishlist heart", () => {
  it("on a product card: added once after signing in, back on the card's page", async () => {
    const abaya = makeProduct({ name: 'Silk Abaya' });
    const { wishlistAdds, cartAdds } = shopServer(abaya);
    loginServer();
    const { user } = renderApp('/category');
    await user.click(await screen.findByRole('button', { name: 'Add Silk Abaya to wishlist' }));
    await findToast('Please log in to add to wishlist');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));

    await signIn(user);
    await findToast('Silk Abaya added to wishlist!');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/category$/));
    expect(wishlistAdds).toEqual([{ productId: abaya._id }]);
    expect(cartAdds).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Remove Silk Abaya from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(shownToasts().sort()).toEqual(['Logged in successfully', 'Silk Abaya added to wishlist!']));
  });

  it('on the product page: added after signing in, back on the product with the size chosen', async () => {
    const { wishlistAdds } = shopServer(shirt);
    loginServer();
    const { user } = renderApp(`/product/${shirt._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Cotton Shirt' });
    await user.click(within(screen.getByRole('group', { name: /^Colour/ })).getByRole('radio', { name: 'White' }));
    await user.click(within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await findToast('Please log in to add to wishlist');

    await signIn(user);
    await findToast('Cotton Shirt added to wishlist!');
    await waitFor(() => expect(location()).toHaveTextContent(`/product/${shirt._id}?variant=${whiteM._id}`));
    expect(wishlistAdds).toEqual([{ productId: shirt._id }]);
    expect(within(await screen.findByRole('group', { name: /^Colour/ })).getByRole('radio', { name: 'White' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: 'M' })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });
});
