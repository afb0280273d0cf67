/** Pictures per colour on the product page: the gallery shows the chosen colour's, else the product's own. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeProduct, makeSizedProduct, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import { act, renderApp, renderHook, screen, within } from '@/testing/test-utils';
import { useProductChoice } from '../hooks/use-product-choice';
import { picturesFor } from '../product-pictures';

const BLACK = ['/uploads/black-1.webp', '/uploads/black-2.webp'];
const WHITE = ['/uploads/white-1.webp', '/uploads/white-2.webp', '/uploads/white-3.webp'];
const OWN = ['/uploads/shirt.webp', '/uploads/shirt-back.webp'];

/** A shirt in Black and White (each with pictures) and Red (none), as the server sends it: its cover is Black's first. */
const shirt = makeSizedProduct(
  [
    makeVariant('S', 5, { colour: 'Black' }),
    makeVariant('M', 4, { colour: 'Black' }),
    makeVariant('M', 7, { colour: 'White' }),
    makeVariant('L', 3, { colour: 'Red' }),
  ],
  {
    name: 'Cotton Shirt',
    image: BLACK[0],
    thumbnail: '/uploads/black-1-thumb.webp',
    gallery: OWN,
    colourImages: { Black: BLACK, White: WHITE },
  },
);

async function openProduct(product: Product) {
  server.use(http.get('/api/products/:id', () => HttpResponse.json(product)));
  const utils = renderApp(`/product/${product._id}`);
  await screen.findByRole('heading', { name: product.name, level: 1 });
  return utils;
}

const mainPicture = (product: Product) => screen.getByRole('img', { name: product.name }).getAttribute('src');
const thumbnails = () => within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('button');
const thumbnailPictures = () => thumbnails().map((b) => b.querySelector('img')?.getAttribute('src'));
const colours = () => within(screen.getByRole('group', { name: /^Colour/ }));

describe('the product page in colours with their own pictures', () => {
  it("shows the first colour's pictures, and another colour's when it is chosen, from its first picture", async () => {
    const { user } = await openProduct(shirt);
    expect(colours().getByRole('radio', { name: 'Black' })).toBeChecked();
    expect(mainPicture(shirt)).toBe(BLACK[0]);
    expect(thumbnailPictures()).toEqual(BLACK);
    // the cover has its thumbnail as the small source, as before
    expect(screen.getByRole('img', { name: 'Cotton Shirt' })).toHaveAttribute('srcset', expect.stringContaining('black-1-thumb.webp'));

    await user.click(thumbnails()[1]);
    expect(mainPicture(shirt)).toBe(BLACK[1]);
    expect(thumbnails()[1]).toHaveAttribute('aria-current', 'true');

    await user.click(colours().getByRole('radio', { name: 'White' }));
    expect(mainPicture(shirt)).toBe(WHITE[0]);
    expect(thumbnailPictures()).toEqual(WHITE);
    expect(thumbnails()[0]).toHaveAttribute('aria-current', 'true');
    expect(thumbnails().map((b) => b.getAttribute('aria-label'))).toEqual(['Show image 1', 'Show image 2', 'Show image 3']);
    expect(screen.getByRole('img', { name: 'Cotton Shirt' })).not.toHaveAttribute('srcset');
  });

  it("falls back to the product's own pictures for a colour without any", async () => {
    const { user } = await openProduct(shirt);
    await user.click(colours().getByRole('radio', { name: 'Red' }));
    expect(mainPicture(shirt)).toBe(OWN[0]);
    expect(thumbnailPictures()).toEqual(OWN);
    await user.click(colours().getByRole('radio', { name: 'Black' }));
    expect(mainPicture(shirt)).toBe(BLACK[0]);
  });

  it('switches the pictures from the keyboard (arrow keys in the colours), and the thumbnails take Enter', async () => {
    const { user } = await openProduct(shirt);
    await user.click(colours().getByRole('radio', { name: 'Black' }));
    await user.keyboard('{ArrowRight}');
    expect(colours().getByRole('radio', { name: 'White' })).toHaveFocus();
    expect(mainPicture(shirt)).toBe(WHITE[0]);
    thumbnails()[2].focus();
    await user.keyboard('{Enter}');
    expect(mainPicture(shirt)).toBe(WHITE[2]);
  });

  it('keeps the chosen size when the new colour has it', async () => {
    const { user } = await openProduct(shirt);
    await user.click(within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: 'M' }));
    await user.click(colours().getByRole('radio', { name: 'White' }));
    expect(within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: 'M' })).toBeChecked();
    expect(mainPicture(shirt)).toBe(WHITE[0]);
  });

  it('shows the pictures of the colour shown chosen when the first colour is sold out', async () => {
    const soldOutBlack = makeSizedProduct(
      [makeVariant('M', 0, { colour: 'Black' }), makeVariant('M', 6, { colour: 'White' })],
      { name: 'Linen Shirt', image: BLACK[0], gallery: OWN, colourImages: { Black: BLACK, White: WHITE } },
    );
    await openProduct(soldOutBlack);
    expect(colours().getByRole('radio', { name: 'White' })).toBeChecked();
    expect(mainPicture(soldOutBlack)).toBe(WHITE[0]);
  });

  it("shows a product without colour pictures as before: its picture, then its gallery's", async () => {
    const dress = makeProduct({ name: 'Wrap Dress', image: '/uploads/dress.webp', gallery: ['/uploads/dress.webp', '/uploads/dress-2.webp'] });
    await openProduct(dress);
    expect(mainPicture(dress)).toBe('/uploads/dress.webp');
    expect(thumbnailPictures()).toEqual(['/uploads/dress.webp', '/uploads/dress-2.webp']);
  });

  it('is axe-clean with a colour and its pictures', async () => {
    const { user } = await openProduct(shirt);
    await user.click(colours().getByRole('radio', { name: 'White' }));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('picturesFor', () => {
  const product = { image: BLACK[0], gallery: OWN, colourImages: { Black: BLACK, White: WHITE } };

  it("is the colour's pictures, the first colour's when none is chosen, else the product's own", () => {
    expect(picturesFor(product, 'White')).toEqual(WHITE);
    expect(picturesFor(product, null)).toEqual(BLACK);
    expect(picturesFor(product, 'Red')).toEqual(OWN);
    expect(picturesFor({ ...product, gallery: [] }, 'Red')).toEqual([BLACK[0]]);
    expect(picturesFor({ image: null, gallery: [], colourImages: {} }, null)).toEqual([]);
    expect(picturesFor({ image: '/uploads/a.webp', gallery: [], colourImages: {} }, null)).toEqual(['/uploads/a.webp']);
  });
});

describe('useProductChoice: the colour', () => {
  it('is none without colours; else the first with stock, until another is chosen (keeping the size when it has it)', () => {
    expect(renderHook(() => useProductChoice(makeProduct())).result.current.colour).toBeNull();

    const [blackM, whiteS, whiteM] = [makeVariant('M', 0, { colour: 'Black' }), makeVariant('S', 2, { colour: 'White' }), makeVariant('M', 1, { colour: 'White' })];
    const redM = makeVariant('M', 3, { colour: 'Red' });
    const { result } = renderHook(() => useProductChoice(makeSizedProduct([blackM, whiteS, whiteM, redM])));
    expect(result.current.colour).toBe('White');
    act(() => result.current.chooseVariant(whiteM));
    act(() => result.current.chooseColour('Red'));
    expect(result.current).toMatchObject({ colour: 'Red', variant: redM });
    act(() => result.current.chooseColour('Black'));
    expect(result.current).toMatchObject({ colour: 'Black', variant: null });
  });
});
