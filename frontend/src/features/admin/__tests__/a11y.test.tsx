/** axe over the server-paged admin lists, with filters, notices, rows and a pager on screen, and over an order's page. */
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations as violations } from '@/testing/axe';
import { makeAdminReview, makeDiscount, makeOrder, makeProduct, makeReturn, makeUser } from '@/testing/data';
import { http } from 'msw';
import { server } from '@/testing/server';
import { screen, within } from '@/testing/test-utils';
import { adminUser, HttpResponse, recordJson, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([
    import('../orders/components/OrdersPage'),
    import('../products/components/ProductsPage'),
    import('../users/components/UsersPage'),
    import('../discounts/components/DiscountsPage'),
    import('../returns/components/ReturnsPage'),
    import('../reviews/components/ReviewsPage'),
    import('../orders/components/OrderPage'),
  ]);
});

describe('admin lists are axe-clean', () => {
  it('orders, with the notices and a pager', async () => {
    const unconfirmed = makeOrder({ status: 'pending', paymentStatus: 'pending', transactionId: null });
    const discounted = makeOrder({ discountCode: 'EID-2026', discountAmount: 7.2, totalAmount: 45.8 });
    serveList('/api/orders/all', (q) =>
      q.get('limit') === '1' ? { rows: [], total: 2 } : { rows: [unconfirmed, discounted, makeOrder()], total: 90 },
    );
    renderAdmin('/admin/orders?page=2');
    await screen.findAllByTestId('order-row');
    await screen.findByText('2 orders await payment.');
    await screen.findByText('2 orders were canceled unpaid.');
    expect(await violations()).toEqual([]);
  });

  it('products, with a pager', async () => {
    serveList('/api/admin/products', () => ({ rows: [makeProduct(), makeProduct({ name: 'Silk Scarf', discount: 10 })], total: 41 }));
    renderAdmin('/admin/products');
    await screen.findAllByTestId('product-row');
    expect(await violations()).toEqual([]);
  });

  it("users, with the admin's own row and the empty state", async () => {
    const me = adminUser();
    serveList('/api/users', (q) => ({ rows: q.get('q') ? [] : [me, makeUser()], total: q.get('q') ? 0 : 2 }));
    const { unmount } = renderAdmin('/admin/users', me);
    await screen.findAllByTestId('user-row');
    expect(await violations()).toEqual([]);
    unmount();
    renderAdmin('/admin/users?q=nobody', me);
    await screen.findByText('No users found');
    expect(await violations()).toEqual([]);
  });

  it('discounts, with every status, a pager and the add form showing a field error', async () => {
    serveList('/api/admin/discounts', () => ({
      rows: [
        makeDiscount({ minSubtotal: 20, startsAt: '2026-03-29T00:00:00+00:00', endsAt: '2099-04-05T00:00:00+00:00', usageLimit: 100, perCustomerLimit: 1 }),
        makeDiscount({ code: 'WELCOME5', kind: 'fixed', value: 5 }),
        makeDiscount({ code: 'FREESHIP', kind: 'freeShipping', value: 0, active: false }),
        makeDiscount({ code: 'SOON', startsAt: '2099-01-01T00:00:00+00:00' }),
        makeDiscount({ code: 'RAMADAN', endsAt: '2020-01-01T00:00:00+00:00' }),
        makeDiscount({ code: 'FIRST-10', usageLimit: 10, timesUsed: 10 }),
      ],
      total: 26,
    }));
    recordJson('post', '/api/admin/discounts', () =>
      HttpResponse.json({ message: 'Please check the highlighted fields', errors: { code: 'Code must be 3 to 32 letters, digits or dashes' } }, { status: 400 }),
    );
    const { user } = renderAdmin('/admin/discounts');
    await screen.findAllByTestId('discount-row');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add Discount Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Discount Code' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Code' }));
    await within(dialog).findByText('Code must be 3 to 32 letters, digits or dashes');
    expect(await violations(dialog)).toEqual([]);
  });

  it('returns, with every status, their steps, a pager and the refund confirmation', async () => {
    const variant = { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' };
    serveList('/api/admin/returns', () => ({
      rows: [
        makeReturn({ status: 'requested', lines: [{ lineId: 'o1-1', name: 'Linen Wrap Dress', variant, quantity: 1, amount: 27 }] }),
        makeReturn({ status: 'approved' }),
        makeReturn({ status: 'received' }),
        makeReturn({ status: 'refunded' }),
        makeReturn({ status: 'rejected' }),
      ],
      total: 45,
    }));
    const { user } = renderAdmin('/admin/returns');
    await screen.findAllByTestId('return-row');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund Return' });
    expect(await violations(dialog)).toEqual([]);
  });

  it('reviews, shown and hidden, with a pager and the delete confirmation', async () => {
    serveList('/api/admin/reviews', () => ({
      rows: [makeAdminReview(), makeAdminReview({ hidden: true, title: null, author: 'Hodan A.' })],
      total: 33,
    }));
    const { user } = renderAdmin('/admin/reviews');
    await screen.findAllByTestId('review-row');
    expect(await violations()).toEqual([]);

    await user.click(screen.getAllByRole('button', { name: /^Delete/ })[0]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Review' });
    expect(await violations(dialog)).toEqual([]);
  });

  it('an order, with its history, returns and the status modal', async () => {
    const sahra = { _id: 'a1', name: 'Sahra Admin' };
    const order = makeOrder({
      _id: 'o1',
      status: 'delivered',
      paymentStatus: 'partiallyRefunded',
      refundedAmount: 24,
      discountCode: 'EID-2026',
      discountAmount: 7.2,
      products: [{ _id: 'o1-1', productId: { _id: 'p1', name: 'Linen Wrap Dress' }, name: 'Linen Wrap Dress', image: null, price: 24, quantity: 2, lineTotal: 48, variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' } }],
      statusHistory: [
        { status: 'pending', at: '2026-11-02T12:00:00Z', by: null },
        { status: 'delivered', at: '2026-11-04T12:00:00Z', by: sahra },
      ],
    });
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () =>
        HttpResponse.json([makeReturn({ status: 'approved', statusHistory: [{ status: 'requested', at: '2026-11-05T12:00:00Z', by: null }, { status: 'approved', at: '2026-11-05T13:00:00Z', by: sahra }] }), makeReturn({ status: 'refunded' })]),
      ),
    );
    const { user } = renderAdmin('/admin/orders/o1');
    await screen.findAllByTestId('return');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Order Status' });
    expect(await violations(dialog)).toEqual([]);
  });
});
