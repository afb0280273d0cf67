/** The order page's hooks: the order of the URL, and the return request form. */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { makeOrderDetail, makeReturn } from '@/testing/data';
import { server } from '@/testing/server';
import { act, renderHookInApp, waitFor } from '@/testing/test-utils';
import { usePageOrder } from '../hooks/use-page-order';
import { useReturnRequest } from '../hooks/use-return-request';

const ORDER_ID = '0193a2b4-5c6d-7000-8000-00000000abcd';

afterEach(() => {
  vi.restoreAllMocks();
  document.title = '';
});

describe('usePageOrder', () => {
  const render = () => renderHookInApp(() => usePageOrder(), { path: `/orders/${ORDER_ID}`, route: '/orders/:id', user: true });

  it('loads the order of the URL, titled with its number once it is loaded', async () => {
    server.use(http.get('/api/orders/:id', ({ params }) => HttpResponse.json(makeOrderDetail({ _id: String(params.id), number: 1042 }))));
    const { result } = render();
    // Before the order arrives its number is not known: no number, and no title yet.
    expect(result.current.short).toBe('');
    expect(document.title).toBe('');
    await waitFor(() => expect(result.current.order.data?._id).toBe(ORDER_ID));
    expect(result.current.short).toBe('#1042');
    expect(document.title).toMatch(/^Order #1042 \| /);
    expect(result.current.notFound).toBe(false);
  });

  it('tells an order the server does not have from one it could not send', async () => {
    server.use(http.get('/api/orders/:id', () => HttpResponse.json({ message: 'Order not found' }, { status: 404 })));
    const missing = render();
    await waitFor(() => expect(missing.result.current.notFound).toBe(true));
    missing.unmount();

    server.use(http.get('/api/orders/:id', () => HttpResponse.error()));
    const { result } = render();
    await waitFor(() => expect(result.current.order.isError).toBe(true));
    expect(result.current.notFound).toBe(false);
  });
});

describe('useReturnRequest', () => {
  it('opens and closes the form, closing gives the focus back to its button', () => {
    const button = document.body.appendChild(document.createElement('button'));
    const { result } = renderHookInApp(() => useReturnRequest());
    result.current.openButton.current = button;
    act(() => result.current.toggle());
    expect(result.current.formOpen).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.formOpen).toBe(false);
    expect(button).toHaveFocus();
    act(() => result.current.toggle());
    button.blur();
    act(() => result.current.close());
    expect(result.current.formOpen).toBe(false);
    expect(button).toHaveFocus();
    button.remove();
  });

  it("a return requested: toasted, the form closed, and the new return's heading takes the focus", () => {
    const shown = vi.spyOn(toast, 'success');
    const ret = makeReturn();
    const heading = document.body.appendChild(document.createElement('h3'));
    heading.id = `return-${ret._id}`;
    heading.tabIndex = -1;
    const { result } = renderHookInApp(() => useReturnRequest());
    act(() => result.current.toggle());
    act(() => result.current.done(ret));
    expect(shown).toHaveBeenCalledWith('Return requested');
    expect(result.current).toMatchObject({ formOpen: false, created: ret._id });
    expect(heading).toHaveFocus();
    heading.remove();
  });
});
