/**
 * Restock requests (/admin/restock-requests, issue 44): the sold-out sizes shoppers wait for, the
 * server's rows in its order, a page at a time; only for whoever manages products.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RestockDemand } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeRestockDemand, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { ADMIN_PAGE_SIZE } from '../lib/list';
import { currentUrl, paramsOf, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../restock/components/RestockRequestsPage');
});

const blackM = makeRestockDemand({
  productId: 'p-dress',
  productName: 'Linen Wrap Dress',
  variantId: 'v-black-m',
  size: 'M',
  colour: 'Black',
  sku: 'LWD-BLACK-M',
  stock: 0,
  requests: 1234,
  since: '2026-11-18T09:00:00Z',
});
const scarf = makeRestockDemand({
  productId: 'p-scarf',
  productName: 'Silk Scarf',
  variantId: null,
  size: null,
  colour: null,
  sku: null,
  stock: 3,
  requests: 2,
  since: '2026-11-20T09:00:00Z',
});

const rows = () => screen.getAllByTestId('restock-row');
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('admin restock requests', () => {
  it("is under Products in the sidebar and draws the server's rows in its order", async () => {
    const served = serveList<RestockDemand>('/api/admin/restock-alerts/top', () => ({ rows: [blackM, scarf] }));
    renderAdmin('/admin/restock-requests');
    await screen.findAllByTestId('restock-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Restock requests' })).toBeInTheDocument();
    expect(document.title).toContain('Restock requests');
    const links = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    expect(links.map((l) => l.textContent).slice(0, 3)).toEqual(['Dashboard', 'Products', 'Restock requests']);
    expect(links[2]).toHaveAttribute('aria-current', 'page');
    expect(served.map(paramsOf)).toEqual([{ page: '1', limit: String(ADMIN_PAGE_SIZE) }]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Product',
      'Size',
      'Colour',
      'SKU',
      'Stock',
      'Requests',
      'Waiting since',
    ]);
    expect(cells(rows()[0])).toEqual(['Linen Wrap Dress', 'M', 'Black', 'LWD-BLACK-M', 'Sold out', '1,234', 'Nov 18, 2026']);
    expect(cells(rows()[1])).toEqual(['Silk Scarf', 'One size', '—None', '—None', '3', '2', 'Nov 20, 2026']);
    expect(await axeViolations()).toEqual([]);
  });

  it('pages by the server, the page in the URL', async () => {
    const firstPage = Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => makeRestockDemand({ productName: `Dress ${i + 1}`, requests: 30 - i }));
    const served = serveList<RestockDemand>('/api/admin/restock-alerts/top', (q) =>
      q.get('page') === '2' ? { rows: [scarf], total: ADMIN_PAGE_SIZE + 1 } : { rows: firstPage, total: ADMIN_PAGE_SIZE + 1 },
    );
    const { user } = renderAdmin('/admin/restock-requests');
    await screen.findByText('Dress 1');
    const pager = screen.getByRole('navigation', { name: 'Restock requests pages' });
    expect(pager).toHaveTextContent(`Showing 1–${ADMIN_PAGE_SIZE} of ${ADMIN_PAGE_SIZE + 1}`);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Silk Scarf')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(currentUrl()).toBe('/admin/restock-requests?page=2');
    expect(served.map(paramsOf).at(-1)).toEqual({ page: '2', limit: String(ADMIN_PAGE_SIZE) });
  });

  it('says when no one is waiting', async () => {
    serveList<RestockDemand>('/api/admin/restock-alerts/top', () => ({ rows: [] }));
    renderAdmin('/admin/restock-requests');
    expect(await screen.findByRole('heading', { name: 'No one is waiting' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('is the access-denied page for someone who does not manage products, and asks nothing', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/restock-alerts/top', () => {
        asked += 1;
        return HttpResponse.json([]);
      }),
    );
    renderAdmin('/admin/restock-requests', makeUser({ role: 'orders', name: 'Faisal Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).queryByRole('link', { name: 'Restock requests' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
