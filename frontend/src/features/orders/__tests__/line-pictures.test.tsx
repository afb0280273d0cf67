/**
 * An order's lines show the picture the server kept for each (the colour bought), never the
 * product's first picture; a line kept without one shows the placeholder.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '@/lib/product';
import type { OrderLine } from '@/lib/types';
import { makeOrderDetail } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/OrderPage');
});

const blackDress: OrderLine = {
  _id: 'o1-1',
  productId: { _id: 'p1', name: 'Linen Wrap Dress', image: '/uploads/dress-red.webp' },
  name: 'Linen Wrap Dress',
  image: '/uploads/dress-black-320.webp',
  price: 30,
  quantity: 1,
  lineTotal: 30,
  variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' },
};
const scarf: OrderLine = {
  _id: 'o1-2',
  productId: { _id: 'p2', name: 'Silk Scarf', image: '/uploads/scarf.webp' },
  name: 'Silk Scarf',
  image: null,
  price: 12,
  quantity: 1,
  lineTotal: 12,
  variant: null,
};

describe("an order line's picture", () => {
  it("is the line's own on the order page: the colour bought, the placeholder when the order kept none", async () => {
    const order = makeOrderDetail({ _id: 'o1', products: [blackDress, scarf] });
    server.use(
      http.get('/api/orders/o1', () => HttpResponse.json(order)),
      http.get('/api/orders/o1/returns', () => HttpResponse.json([])),
    );
    renderApp('/orders/o1', { user: true });
    const lines = await screen.findAllByTestId('order-line');
    expect(lines.map((l) => l.querySelector('img')?.getAttribute('src'))).toEqual(['/uploads/dress-black-320.webp', PLACEHOLDER_IMAGE]);
  });
});
