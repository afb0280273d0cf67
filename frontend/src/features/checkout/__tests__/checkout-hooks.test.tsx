/**
 * The checkout page's hooks, each on its own: the address, the payment method and number, the
 * idempotency key, the redirect, the cart, and placing the order.
 */
import { http, HttpResponse } from 'msw';
import type { ChangeEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldBinding } from '@/components/forms/use-form-fields';
import { ApiError } from '@/lib/api-client';
import { EMPTY_CART } from '@/lib/api/cart';
import { toast } from '@/lib/toast';
import type { ShippingAddress } from '@/lib/types';
import { makeCart, makeOrder, makePaymentMethods, makeProduct, makeUser, WALLETS } from '@/testing/data';
import { server } from '@/testing/server';
import { act, renderHookInApp, screen, waitFor } from '@/testing/test-utils';
import { checkoutErrorMessage } from '../checkout-error';
import { useAddressForm } from '../hooks/use-address-form';
import { useCheckoutCart } from '../hooks/use-checkout-cart';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { usePaymentForm } from '../hooks/use-payment-form';
import { REDIRECT_DELAY_MS, usePlaceOrder, type OrderRequest } from '../hooks/use-place-order';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const location = () => screen.getByTestId('location');
const type = (binding: FieldBinding, value: string) =>
  act(() => binding.onChange({ target: { value } } as ChangeEvent<HTMLInputElement>));
const refusal = (status: number, fieldErrors: Record<string, string> = {}) => new ApiError(status, null, undefined, fieldErrors);

const ADDRESS: ShippingAddress = {
  fullName: 'Amina Hassan',
  phone: '252615551234',
  city: 'Mogadishu',
  district: 'Hodan',
  addressLine: 'Maka Al Mukarama Road 12',
  landmark: '',
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useAddressForm', () => {
  it("starts with the account's name and phone, and requires every field", () => {
    const user = makeUser({ name: 'Amina Hassan', phone: '252615551234' });
    const { result } = renderHookInApp(() => useAddressForm(), { user });
    expect(result.current.bind('fullName').value).toBe('Amina Hassan');
    expect(result.current.bind('phone')).toMatchObject({ name: 'phone', value: '252615551234' });
    let address: ShippingAddress | null = ADDRESS;
    act(() => {
      address = result.current.check();
    });
    expect(address).toBeNull();
    expect(['city', 'district', 'addressLine'].map((f) => result.current.bind(f as keyof ShippingAddress).error)).toEqual([
      'City is required',
      'District is required',
      'Address is required',
    ]);
  });

  it('gives the address trimmed once every field is filled in', () => {
    const { result } = renderHookInApp(() => useAddressForm(), { user: makeUser({ name: ' Amina Hassan ' }) });
    type(result.current.bind('city'), ' Mogadishu');
    type(result.current.bind('district'), 'Hodan ');
    type(result.current.bind('addressLine'), 'Maka Al Mukarama Road 12');
    let address: ShippingAddress | null = null;
    act(() => {
      address = result.current.check();
    });
    expect(address).toEqual(ADDRESS);
  });

  it("shows the server's messages for the address's fields only", () => {
    const { result } = renderHookInApp(() => useAddressForm(), { user: true });
    act(() =>
      result.current.showServerErrors(refusal(400, { city: 'Unknown city', paymentPhone: 'Enter a Somali mobile number' })),
    );
    expect(result.current.bind('city').error).toBe('Unknown city');
    expect(result.current.bind('phone').error).toBeUndefined();
  });
});

describe('usePaymentForm', () => {
  const methodsServed = (available: Parameters<typeof makePaymentMethods>[0]) =>
    server.use(http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods(available))));

  async function paymentForm(cash?: Parameters<typeof usePaymentForm>[0]) {
    const rendered = renderHookInApp(() => usePaymentForm(cash));
    await waitFor(() => expect(rendered.result.current.isPending).toBe(false));
    return rendered;
  }

  it("offers the available methods in the server's order, the first chosen; cash on delivery only while the place allows it", async () => {
    methodsServed(['card', 'edahab', 'evc-plus', 'cash-on-delivery']);
    const { result } = await paymentForm();
    expect(result.current.offered.map((m) => m.id)).toEqual(['evc-plus', 'edahab', 'card', 'cash-on-delivery']);
    expect(result.current.method.id).toBe('evc-plus');
    act(() => result.current.choose('card'));
    expect(result.current.method.id).toBe('card');
    // Not allowed (no place yet): choosing cash keeps the first method.
    act(() => result.current.choose('cash-on-delivery'));
    expect(result.current.method.id).toBe('evc-plus');
  });

  it('takes cash on delivery where the place allows it', async () => {
    methodsServed(['evc-plus', 'cash-on-delivery']);
    const { result } = await paymentForm({ allowed: true, reason: null });
    act(() => result.current.choose('cash-on-delivery'));
    expect(result.current.method.id).toBe('cash-on-delivery');
    expect(result.current.cash).toEqual({ allowed: true, reason: null });
  });

  it('offers EVC Plus alone when the list cannot be had, or names nothing available', async () => {
    server.use(http.get('/api/payments/methods', () => HttpResponse.error()));
    const failed = await paymentForm();
    expect(failed.result.current.offered.map((m) => m.id)).toEqual(['evc-plus']);
    failed.unmount();
    methodsServed([]);
    const none = await paymentForm();
    expect(none.result.current.offered.map((m) => m.id)).toEqual(['evc-plus']);
  });

  it('follows the wallet of the number typed while a wallet is chosen; a card keeps any number', async () => {
    methodsServed([...WALLETS, 'card']);
    const { result } = await paymentForm();
    type(result.current.binding, '6');
    expect(result.current.method.id).toBe('evc-plus');
    type(result.current.binding, '63');
    expect(result.current.method.id).toBe('zaad');
    type(result.current.binding, '+252 90 765 4321');
    expect(result.current.method.id).toBe('sahal');
    // A number of no wallet leaves the choice as it is.
    type(result.current.binding, '68 123 4567');
    expect(result.current.method.id).toBe('sahal');
    act(() => result.current.choose('card'));
    type(result.current.binding, '63 444 1234');
    expect(result.current.method.id).toBe('card');
    expect(result.current.phone).toBe('63 444 1234');
  });

  it('does not pick a wallet the shop does not offer', async () => {
    methodsServed(['evc-plus', 'zaad']);
    const { result } = await paymentForm();
    type(result.current.binding, '65 123 4567');
    expect(result.current.method.id).toBe('evc-plus');
  });

  it("shows the server's message about the method until another is chosen, and asks for the methods again", async () => {
    let asked = 0;
    server.use(
      http.get('/api/payments/methods', () => {
        asked += 1;
        return HttpResponse.json(makePaymentMethods([...WALLETS, 'card']));
      }),
    );
    const { result } = await paymentForm();
    act(() => result.current.choose('card'));
    act(() => result.current.showServerErrors(refusal(400, { paymentMethod: 'Card is not available in this shop' })));
    expect(result.current.methodError).toBe('Card is not available in this shop');
    expect(result.current.binding.error).toBeUndefined();
    await waitFor(() => expect(asked).toBe(2));
    act(() => result.current.choose('zaad'));
    expect(result.current.methodError).toBeUndefined();
  });

  it("is sent trimmed, and shows the server's message for it", async () => {
    const { result } = await paymentForm();
    expect(result.current.phone).toBe('');
    type(result.current.binding, ' 61 555 1234 ');
    expect(result.current.phone).toBe('61 555 1234');
    act(() =>
      result.current.showServerErrors(refusal(400, { paymentPhone: 'Enter a Somali mobile number', city: 'Unknown city' })),
    );
    expect(result.current.binding).toMatchObject({ name: 'paymentPhone', error: 'Enter a Somali mobile number' });
    type(result.current.binding, '615551234');
    expect(result.current.binding.error).toBeUndefined();
  });
});

describe('useIdempotencyKey', () => {
  it('keeps the key after a failure that may have charged, and renews it after a refusal', () => {
    const { result } = renderHookInApp(() => useIdempotencyKey());
    const first = result.current.key;
    expect(first).toMatch(UUID);
    act(() => result.current.afterError(new ApiError(0, null)));
    act(() => result.current.afterError(refusal(502)));
    expect(result.current.key).toBe(first);
    act(() => result.current.afterError(refusal(402)));
    expect(result.current.key).toMatch(UUID);
    expect(result.current.key).not.toBe(first);
  });
});

describe('useDelayedNavigate', () => {
  it('navigates once the delay has passed', () => {
    vi.useFakeTimers();
    const { result } = renderHookInApp(() => useDelayedNavigate(1500), { path: '/checkout' });
    act(() => result.current('/order-success'));
    act(() => vi.advanceTimersByTime(1499));
    expect(location()).toHaveTextContent(/^\/checkout$/);
    act(() => vi.advanceTimersByTime(1));
    expect(location()).toHaveTextContent(/^\/order-success$/);
  });

  it('does not navigate from a page that has gone', () => {
    vi.useFakeTimers();
    const scheduled = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const { result, unmount } = renderHookInApp(() => useDelayedNavigate(1500), { path: '/checkout' });
    act(() => result.current('/order-success'));
    const timer = scheduled.mock.results[scheduled.mock.calls.findIndex(([, ms]) => ms === 1500)].value;
    unmount();
    expect(cleared).toHaveBeenCalledWith(timer);
  });
});

describe('useCheckoutCart', () => {
  it("toasts 'Failed to load cart data' when the cart cannot be reached, and shows it empty", async () => {
    const shown = vi.spyOn(toast, 'error');
    server.use(http.get('/api/cart', () => HttpResponse.error()));
    const { result } = renderHookInApp(() => useCheckoutCart(), { user: true });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Failed to load cart data', { toastId: 'checkout-cart' }));
    expect(result.current).toEqual({ isPending: false, data: EMPTY_CART, failed: true, retry: expect.any(Function), pricing: false, placeErrors: {} });
  });

  it('only logs another failure', async () => {
    const shown = vi.spyOn(toast, 'error');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/cart', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { result } = renderHookInApp(() => useCheckoutCart(), { user: true });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Checkout: cart fetch failed', expect.any(ApiError)));
    expect(shown).not.toHaveBeenCalled();
    expect(result.current.data).toBe(EMPTY_CART);
  });
});

describe('checkoutErrorMessage', () => {
  it("is the server's message, else one for the kind of failure", () => {
    expect(checkoutErrorMessage(new ApiError(402, 'Payment declined: insufficient balance'))).toBe(
      'Payment declined: insufficient balance',
    );
    expect(checkoutErrorMessage(new ApiError(0, null))).toBe('Network error. Please try again.');
    expect(checkoutErrorMessage(refusal(502))).toBe('Failed to place order');
    expect(checkoutErrorMessage(refusal(402))).toBe('Payment failed');
    expect(checkoutErrorMessage(new Error('boom'))).toBe('Checkout error');
  });
});

describe('usePlaceOrder', () => {
  const cart = makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }]);
  const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
    method: { id: 'evc-plus', kind: 'wallet' },
    phone: '615551234',
    cart,
    address: () => ADDRESS,
    ...overrides,
  });

  function placing() {
    const onRefused = vi.fn();
    const rendered = renderHookInApp(() => usePlaceOrder({ onRefused }), { path: '/checkout', user: true });
    return { ...rendered, onRefused };
  }

  it('checks, in this order, the session, the number, the cart and the address before asking anything', async () => {
    const shown = vi.spyOn(toast, 'error');
    const sent = vi.fn();
    server.use(http.post('/api/orders/checkout', sent));

    const signedOut = renderHookInApp(() => usePlaceOrder({ onRefused: () => {} }), { path: '/checkout' });
    act(() => signedOut.result.current.place(request({ phone: '' })));
    expect(shown).toHaveBeenLastCalledWith('Please log in to place an order');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
    signedOut.unmount();

    const { result } = placing();
    act(() => result.current.place(request({ phone: '', cart: EMPTY_CART })));
    expect(shown).toHaveBeenLastCalledWith('Please enter a phone number');
    const address = vi.fn(() => null);
    act(() => result.current.place(request({ cart: EMPTY_CART, address })));
    expect(shown).toHaveBeenLastCalledWith('Your cart is empty');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/cart$/));
    expect(address).not.toHaveBeenCalled();
    act(() => result.current.place(request({ address })));
    expect(address).toHaveBeenCalledTimes(1);
    expect(result.current.payment).toBeNull();
    expect(sent).not.toHaveBeenCalled();
  });

  it('201: placed, toasted, and on the success page with the order after REDIRECT_DELAY_MS', async () => {
    const shown = vi.spyOn(toast, 'success');
    const order = makeOrder();
    let key: string | null = null;
    server.use(
      http.post('/api/orders/checkout', ({ request }) => {
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json({ message: 'Order placed successfully', order }, { status: 201 });
      }),
    );
    const { result } = placing();
    act(() => result.current.place(request()));
    expect(result.current.payment).toEqual({ phone: '615551234', amount: '$53.00', wallet: 'EVC Plus' });
    await waitFor(() => expect(result.current.placed).toBe(true));
    expect(key).toMatch(UUID);
    expect(shown).toHaveBeenCalledWith('Order placed successfully! Redirecting...');
    expect(location()).toHaveTextContent(/^\/checkout$/);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/order-success$/), { timeout: REDIRECT_DELAY_MS + 1000 });
    expect(result.current.unconfirmed).toBeNull();
  });

  it('202: the order kept as unconfirmed, no redirect', async () => {
    const order = makeOrder({ paymentMethod: 'zaad' });
    server.use(http.post('/api/orders/checkout', () => HttpResponse.json({ message: 'Not confirmed yet', order }, { status: 202 })));
    const { result } = placing();
    act(() => result.current.place(request({ method: { id: 'zaad', kind: 'wallet' }, phone: '634441234' })));
    expect(result.current.waitingFor).toEqual({ phone: '634441234', amount: '$53.00', wallet: 'ZAAD' });
    await waitFor(() => expect(result.current.unconfirmed).toEqual({ order }));
    expect(result.current.placed).toBe(false);
    expect(result.current.waitingFor).toBeNull();
  });

  it('a card: sends the method, then the browser to the card page (202 with redirectUrl), busy until it has gone', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const shown = vi.spyOn(toast, 'success');
    const order = makeOrder({ paymentMethod: 'card', paymentStatus: 'pending' });
    const redirectUrl = 'https://hpp.waafipay.example/pay?token=abc';
    let body: unknown = null;
    server.use(
      http.post('/api/orders/checkout', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Pay on the card page', order, redirectUrl }, { status: 202 });
      }),
    );
    try {
      const { result } = placing();
      act(() => result.current.place(request({ method: { id: 'card', kind: 'card' }, phone: '615551234' })));
      // No wallet to wait for: the card is paid on its page.
      expect(result.current.waitingFor).toBeNull();
      await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
      expect(assign).toHaveBeenCalledTimes(1);
      expect(body).toEqual({ paymentMethod: 'card', paymentPhone: '615551234', shippingAddress: ADDRESS });
      expect(result.current).toMatchObject({ toCardPage: true, busy: true, placed: false, unconfirmed: null });
      expect(shown).not.toHaveBeenCalled();
      expect(location()).toHaveTextContent(/^\/checkout$/);
      // Back from the card page through the browser's history, the page is usable again.
      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      });
      expect(result.current).toMatchObject({ toCardPage: false, busy: false });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a refusal: its field messages to onRefused, its toast, and a new key for the next try (the same after a network failure)', async () => {
    const shown = vi.spyOn(toast, 'error');
    const keys: (string | null)[] = [];
    const replies = [
      () => HttpResponse.error(),
      () =>
        HttpResponse.json(
          { message: 'Check the fields', errors: { paymentPhone: 'Enter a Somali mobile number' } },
          { status: 400 },
        ),
      () => HttpResponse.json({ message: 'declined' }, { status: 402 }),
    ];
    server.use(
      http.post('/api/orders/checkout', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return replies[keys.length - 1]();
      }),
    );
    const { result, onRefused } = placing();
    for (const message of ['Network error. Please try again.', 'Check the fields', 'declined']) {
      act(() => result.current.place(request()));
      await waitFor(() => expect(shown).toHaveBeenLastCalledWith(message));
      await waitFor(() => expect(result.current.busy).toBe(false));
    }
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(onRefused).toHaveBeenCalledTimes(3);
    expect((onRefused.mock.calls[1][0] as ApiError).fieldErrors).toEqual({ paymentPhone: 'Enter a Somali mobile number' });
  });
});
