/** axe over the three server-paged admin lists, with filters, notices, rows and a pager on screen. */
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations as violations } from '@/testing/axe';
import { makeOrder, makeProduct, makeUser } from '@/testing/data';
import { screen } from '@/testing/test-utils';
import { adminUser, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([
    import('../orders/components/OrdersPage'),
    import('../products/components/ProductsPage'),
    import('../users/components/UsersPage'),
  ]);
});

describe('admin lists are axe-clean', () => {
  it('orders, with the notices and a pager', async () => {
    const unconfirmed = makeOrder({ status: 'pending', paymentStatus: 'pending', transactionId: null });
    serveList('/api/orders/all', (q) => (q.get('limit') === '1' ? { rows: [], total: 2 } : { rows: [unconfirmed, makeOrder()], total: 90 }));
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
});
