/** The product page's hooks: the product of the URL, and the size and quantity chosen. */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { makeProduct, makeSizedProduct, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import { act, renderHook, renderHookInApp, waitFor } from '@/testing/test-utils';
import { usePageProduct } from '../hooks/use-page-product';
import { useProductChoice } from '../hooks/use-product-choice';

afterEach(() => vi.restoreAllMocks());

describe('useProductChoice', () => {
  it('a one-size product: no size to choose, the quantity within its stock', () => {
    const { result } = renderHook(() => useProductChoice(makeProduct({ stock: 3 })));
    expect(result.current).toMatchObject({ variants: [], variant: null, needsSize: false, stock: 3, max: 3, quantity: 1 });
    act(() => result.current.setQuantity(3));
    expect(result.current.quantity).toBe(3);
  });

  it("a product with sizes needs one, and the quantity follows the chosen size's stock down", () => {
    const [s, m] = [makeVariant('S', 2), makeVariant('M', 8)];
    const { result } = renderHook(() => useProductChoice(makeSizedProduct([s, m])));
    expect(result.current).toMatchObject({ variant: null, needsSize: true, stock: 10 });
    act(() => result.current.chooseVariant(m));
    act(() => result.current.setQuantity(5));
    expect(result.current).toMatchObject({ variant: m, needsSize: false, stock: 8, max: 8, quantity: 5 });
    act(() => result.current.chooseVariant(s));
    expect(result.current).toMatchObject({ variant: s, stock: 2, quantity: 2 });
  });

  it('keeps a size the refreshed product has sold out meanwhile chosen, as sold out: it cannot be bought', () => {
    const m = makeVariant('M', 4);
    const { result, rerender } = renderHook(({ product }) => useProductChoice(product), {
      initialProps: { product: makeSizedProduct([m]) },
    });
    act(() => result.current.chooseVariant(m));
    expect(result.current).toMatchObject({ chosen: m, variant: m, sizeSoldOut: false });
    const gone = { ...m, stock: 0, stockStatus: 'outOfStock' as const };
    rerender({ product: makeSizedProduct([gone]) });
    expect(result.current).toMatchObject({ chosen: gone, variant: null, needsSize: false, sizeSoldOut: true, soldOut: true, stock: 0 });
    // Back in stock: it can be bought again.
    rerender({ product: makeSizedProduct([{ ...m, stock: 2, runningLow: true }]) });
    expect(result.current).toMatchObject({ variant: { ...m, stock: 2, runningLow: true }, sizeSoldOut: false, max: 2 });
  });

  it('starts with the size the page names (the way back from signing in), sold out or not', () => {
    const [s, m] = [makeVariant('S', 0), makeVariant('M', 3)];
    const { result } = renderHook(() => useProductChoice(makeSizedProduct([s, m]), s._id));
    expect(result.current).toMatchObject({ chosen: s, variant: null, needsSize: false, sizeSoldOut: true, soldOut: false });
    const unknown = renderHook(() => useProductChoice(makeSizedProduct([s, m]), 'not-a-size'));
    expect(unknown.result.current).toMatchObject({ chosen: null, needsSize: true });
  });
});

describe('usePageProduct', () => {
  const render = (id: string) => renderHookInApp(() => usePageProduct(), { path: `/product/${id}`, route: '/product/:id' });

  it('loads the product of the URL', async () => {
    const product = makeProduct({ name: 'Silk Abaya' });
    server.use(http.get('/api/products/:id', ({ params }) => HttpResponse.json({ ...product, _id: params.id })));
    const { result } = render('p-42');
    await waitFor(() => expect(result.current.data?._id).toBe('p-42'));
  });

  it('toasts a failure, but not a product the server does not have', async () => {
    const shown = vi.spyOn(toast, 'error');
    server.use(http.get('/api/products/:id', () => HttpResponse.json({ message: 'Product not found' }, { status: 404 })));
    const missing = render('gone');
    await waitFor(() => expect(missing.result.current.isError).toBe(true));
    expect(shown).not.toHaveBeenCalled();
    missing.unmount();

    server.use(http.get('/api/products/:id', () => HttpResponse.error()));
    render('p-1');
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Failed to load product details', { toastId: 'product-details' }));
  });
});
