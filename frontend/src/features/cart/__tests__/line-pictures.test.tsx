/**
 * A line shows the picture of the colour bought (issue: the shop as its people use it every
 * day): the cart's and the checkout summary's lines take the server's line `image` (the
 * colour's thumbnail, else the product's), not the product's first picture; a line without one
 * the placeholder.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@/lib/types';
import { PLACEHOLDER_IMAGE } from '@/lib/product';
import { makeCart, makeProduct, makeSizedProduct, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen } from '@/testing/test-utils';

const black = makeVariant('M', 5, { colour: 'Black' });
const dress = makeSizedProduct([makeVariant('M', 5, { colour: 'Red' }), black], {
  name: 'Linen Wrap Dress',
  image: '/uploads/dress-red.webp',
  thumbnail: '/uploads/dress-red-320.webp',
});
const scarf = makeProduct({ name: 'Silk Scarf', image: '/uploads/scarf.webp', thumbnail: '/uploads/scarf-320.webp' });

/** The black dress's line with its colour's picture; the scarf's with none at all. */
function cartWithPictures(): Cart {
  const cart = makeCart([
    { product: dress, variant: black, quantity: 1 },
    { product: scarf, quantity: 1 },
  ]);
  const [dressLine, scarfLine] = cart.products;
  return { ...cart, products: [{ ...dressLine, image: '/uploads/dress-black-320.webp' }, { ...scarfLine, image: null }] };
}

const pictures = (lines: HTMLElement[]) => lines.map((line) => line.querySelector('img')?.getAttribute('src'));

describe("a cart line's picture", () => {
  it("is the line's own on the cart page: the colour bought, the placeholder when it has none", async () => {
    server.use(http.get('/api/cart', () => HttpResponse.json(cartWithPictures())));
    renderApp('/cart', { user: true });
    await screen.findAllByTestId('cart-line');
    expect(pictures(screen.getAllByTestId('cart-line'))).toEqual(['/uploads/dress-black-320.webp', PLACEHOLDER_IMAGE]);
  });

  it("is the line's own in the checkout's summary", async () => {
    server.use(http.get('/api/cart', () => HttpResponse.json(cartWithPictures())));
    renderApp('/checkout', { user: true });
    const summary = await screen.findByRole('complementary');
    await screen.findAllByText('Linen Wrap Dress');
    const lines = Array.from(summary.querySelectorAll('li')).filter((li) => li.querySelector('img'));
    expect(pictures(lines)).toEqual(['/uploads/dress-black-320.webp', PLACEHOLDER_IMAGE]);
  });

});
