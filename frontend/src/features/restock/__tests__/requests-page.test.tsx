/** The shopper's back-in-stock requests (/back-in-stock): listed a page at a time by the server, cancelled. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RestockRequest } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeRestockRequest } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { RESTOCK_PAGE_SIZE } from '../api/restock-alerts';

const location = () => screen.getByTestId('location');
const rows = () => screen.getAllByTestId('restock-request');

const waiting = makeRestockRequest({ _id: 'r-waiting', productId: 'p-dress', variantId: 'v-m', productName: 'Linen Wrap Dress', size: 'M', colour: 'Black' });
const answered = makeRestockRequest({
  _id: 'r-answered',
  productId: 'p-scarf',
  variantId: null,
  productName: 'Silk Scarf',
  size: null,
  colour: null,
  stockStatus: 'inStock',
  createdAt: '2026-11-10T08:00:00Z',
  answeredAt: '2026-11-21T12:00:00Z',
});

/** Serves the shopper's requests as the server pages them; DELETE removes one. Returns each page asked for and the ids deleted. */
function serveRequests(initial: RestockRequest[]) {
  let all = [...initial];
  const asked: string[] = [];
  const deleted: string[] = [];
  server.use(
    http.get('/api/restock-alerts', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      const limit = Number(query.get('limit'));
      const from = (Number(query.get('page')) - 1) * limit;
      return HttpResponse.json(all.slice(from, from + limit), { headers: { 'X-Total-Count': String(all.length) } });
    }),
    http.delete('/api/restock-alerts/:id', ({ params }) => {
      deleted.push(String(params.id));
      all = all.filter((r) => r._id !== params.id);
      return HttpResponse.json({ message: 'Request canceled' });
    }),
  );
  return { asked, deleted };
}

describe('back-in-stock requests page', () => {
  it('is in the account menu and lists the requests: picture, name, size, and waiting or when we told them', async () => {
    const { asked } = serveRequests([waiting, answered]);
    const { user } = renderApp('/', { user: true });
    await user.click(await screen.findByRole('button', { name: /^Account menu for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Back-in-stock requests' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back-in-stock requests' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/back-in-stock$/);
    expect(document.title).toContain('Back-in-stock requests');
    expect(asked).toEqual([`page=1&limit=${RESTOCK_PAGE_SIZE}`]);

    const [first, second] = rows().map((r) => within(r));
    expect(first.getByRole('link', { name: 'Linen Wrap Dress' })).toHaveAttribute('href', '/product/p-dress?variant=v-m');
    expect(first.getByText('Size M · Black')).toBeInTheDocument();
    expect(first.getByTestId('restock-status')).toHaveTextContent('Waiting');
    expect(first.getByText('Asked on November 20, 2026')).toBeInTheDocument();
    expect(rows()[0].querySelector('img')).toHaveAttribute('src', '/uploads/dress-320.webp');

    expect(second.getByRole('link', { name: 'Silk Scarf' })).toHaveAttribute('href', '/product/p-scarf');
    expect(second.getByTestId('restock-status')).toHaveTextContent('Back in stock — we told you on November 21, 2026');
    expect(second.getByRole('button', { name: 'Cancel the request for Silk Scarf' })).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Back-in-stock requests pages' })).toHaveTextContent('Showing 1–2 of 2');
    expect(await axeViolations()).toEqual([]);
  });

  it('cancels a request and shows the list again without it', async () => {
    const { deleted, asked } = serveRequests([waiting, answered]);
    const { user } = renderApp('/back-in-stock', { user: true });
    await screen.findAllByTestId('restock-request');
    await user.click(screen.getByRole('button', { name: 'Cancel the request for Linen Wrap Dress, Size M · Black' }));
    await findToast('Request canceled');
    expect(deleted).toEqual(['r-waiting']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByText('Silk Scarf')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Back-in-stock requests' })).toHaveFocus();
  });

  it('pages by the server, keeps the page in the URL, and goes back a page when the last one empties', async () => {
    const many = Array.from({ length: RESTOCK_PAGE_SIZE + 1 }, (_, i) =>
      makeRestockRequest({ _id: `r-${i + 1}`, productName: `Dress ${i + 1}` }),
    );
    const { asked } = serveRequests(many);
    const { user } = renderApp('/back-in-stock', { user: true });
    await screen.findByText('Dress 1');
    const pager = () => screen.getByRole('navigation', { name: 'Back-in-stock requests pages' });
    expect(pager()).toHaveTextContent(`Showing 1–${RESTOCK_PAGE_SIZE} of ${many.length}`);
    await user.click(within(pager()).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(`Dress ${many.length}`)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/back-in-stock?page=2');
    expect(rows()).toHaveLength(1);
    expect(asked).toEqual([`page=1&limit=${RESTOCK_PAGE_SIZE}`, `page=2&limit=${RESTOCK_PAGE_SIZE}`]);

    await user.click(screen.getByRole('button', { name: `Cancel the request for Dress ${many.length}, Size M` }));
    await findToast('Request canceled');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/back-in-stock$/));
    expect(await screen.findByText('Dress 1')).toBeInTheDocument();
    expect(rows()).toHaveLength(RESTOCK_PAGE_SIZE);
  });

  it('says when there are none, and how to ask', async () => {
    serveRequests([]);
    renderApp('/back-in-stock', { user: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'No back-in-stock requests' })).toBeInTheDocument();
    expect(
      screen.getByText("When the size you want is sold out, choose it on the product's page and tap 'Notify me when it's back'."),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the list cannot be loaded, and loads it again', async () => {
    let fail = true;
    server.use(
      http.get('/api/restock-alerts', () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([waiting], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const { user } = renderApp('/back-in-stock', { user: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your requests. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Linen Wrap Dress')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    renderApp('/back-in-stock');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
    expect(sessionStorage.getItem('returnTo')).toBe('/back-in-stock');
  });
});

describe("a request's picture", () => {
  it("is the request's thumbnail (the colour waited for), not the product's first picture", async () => {
    serveRequests([makeRestockRequest({ productName: 'Linen Wrap Dress', colour: 'Black', thumbnail: '/uploads/dress-black-320.webp' })]);
    renderApp('/back-in-stock', { user: true });
    const [row] = await screen.findAllByTestId('restock-request');
    expect(row.querySelector('img')).toHaveAttribute('src', '/uploads/dress-black-320.webp');
  });
});
