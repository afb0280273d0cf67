/**
 * Promises the shop keeps: the support bar, the footer, the home page's 'Why shop with us', the
 * product page and the Delivery and Returns pages say the shop's real terms (GET /api/settings
 * `terms`: what delivery costs, the return window, the ways to pay), in English and Somali; while
 * the settings load or when they fail, none of it (nothing that may be false).
 */
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import type { Settings, ShopTerms } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { defaultSettings, makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const EVERY_WAY: ShopTerms['paymentMethods'] = ['evc-plus', 'zaad', 'sahal', 'edahab', 'card', 'cash-on-delivery'];
const ZONED: ShopTerms = { deliveryFee: { min: 2, max: 9 }, returnDays: 30, paymentMethods: EVERY_WAY };

function serveTerms(terms: ShopTerms) {
  const settings: Settings = { ...defaultSettings, terms };
  server.use(http.get('/api/settings', () => HttpResponse.json(settings)));
}

/** What the old texts promised, none of which this shop keeps. */
const FALSE_PROMISES = /worldwide|free returns|on us|back for free|monthly payments|mobile money or (by )?card/i;

const reasons = () =>
  within(screen.getByRole('region', { name: 'Why shop with us' }))
    .getAllByRole('listitem')
    .map((li) => Array.from(li.querySelectorAll('p')).map((p) => p.textContent));

describe("the shop's terms", () => {
  it('says the delivery range, the return window and the ways to pay: support bar, footer, why shop with us', async () => {
    serveTerms(ZONED);
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('support-terms')).toHaveTextContent('Delivery from $2.00 to $9.00 · Returns within 30 days of delivery'));
    expect(within(screen.getByTestId('footer-terms')).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'Delivery from $2.00 to $9.00',
      'Returns within 30 days of delivery',
      'Pay with EVC Plus, ZAAD, SAHAL, eDahab, card or cash on delivery',
    ]);
    expect(reasons()).toEqual([
      ['Delivery from $2.00 to $9.00', 'The fee for your place is shown at checkout, before you pay.'],
      ['Returns within 30 days of delivery', "Not the right fit? Ask for a return on your order's page."],
      ['Secure payment', 'Pay with EVC Plus, ZAAD, SAHAL, eDahab, card or cash on delivery'],
      ['Quality fashion', 'Carefully chosen pieces that last.'],
    ]);
    expect(document.body).not.toHaveTextContent(FALSE_PROMISES);
    expect(await axeViolations()).toEqual([]);
  });

  it('says one fee as it is, and free delivery only when nowhere costs anything', async () => {
    serveTerms({ deliveryFee: { min: 5, max: 5 }, returnDays: 1, paymentMethods: ['evc-plus', 'card'] });
    const { unmount } = renderApp('/');
    await waitFor(() => expect(screen.getByTestId('support-terms')).toHaveTextContent('Delivery $5.00 · Returns within 1 day of delivery'));
    expect(screen.getByTestId('footer-terms')).toHaveTextContent('Pay with EVC Plus or card');
    expect(document.body).not.toHaveTextContent(/free/i);
    unmount();

    serveTerms({ deliveryFee: { min: 0, max: 0 }, returnDays: 14, paymentMethods: ['cash-on-delivery'] });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('support-terms')).toHaveTextContent('Free delivery · Returns within 14 days of delivery'));
    expect(screen.getByTestId('footer-terms')).toHaveTextContent('Pay with cash on delivery');
    expect(reasons()[0]).toEqual(['Free delivery', 'Free to every place we deliver to.']);
  });

  it('says a range from nothing without calling it free, and nothing of delivery while the shop delivers nowhere', async () => {
    serveTerms({ deliveryFee: { min: 0, max: 4 }, returnDays: 30, paymentMethods: ['zaad'] });
    const { unmount } = renderApp('/');
    await waitFor(() => expect(screen.getByTestId('support-terms')).toHaveTextContent('Delivery up to $4.00, free to some places · Returns within 30 days of delivery'));
    unmount();

    serveTerms({ deliveryFee: null, returnDays: 30, paymentMethods: ['zaad'] });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('support-terms')).toHaveTextContent(/^Returns within 30 days of delivery$/));
    expect(within(screen.getByTestId('footer-terms')).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'Returns within 30 days of delivery',
      'Pay with ZAAD',
    ]);
  });

  it('says nothing of delivery, returns or payment while the settings load, nor when they fail (or have no terms)', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/settings', async () => {
        await answered;
        return HttpResponse.json({ message: 'Service unavailable' }, { status: 503 });
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Why shop with us' })).toBeInTheDocument();
    const nothingPromised = () => {
      expect(screen.queryByTestId('support-terms')).not.toBeInTheDocument();
      expect(screen.queryByTestId('footer-terms')).not.toBeInTheDocument();
      expect(reasons()).toEqual([['Quality fashion', 'Carefully chosen pieces that last.']]);
      expect(document.body).not.toHaveTextContent(FALSE_PROMISES);
      expect(document.body).not.toHaveTextContent(/free delivery|returns within|pay with/i);
    };
    nothingPromised();
    answer();
    await new Promise((r) => setTimeout(r, 50));
    nothingPromised();
  });

  it('says them in Somali, the ways to pay joined as Somali joins a list', async () => {
    serveTerms(ZONED);
    renderApp('/');
    await screen.findByTestId('support-terms');
    await act(() => setLanguage('so'));
    await waitFor(() =>
      expect(screen.getByTestId('support-terms')).toHaveTextContent('Gaarsiinta $2.00 ilaa $9.00 · Celin 30 maalmood gudahood laga bilaabo gaarsiinta'),
    );
    expect(screen.getByTestId('footer-terms')).toHaveTextContent(
      'Ku bixi EVC Plus, ZAAD, SAHAL, eDahab, kaar ama lacag caddaan ah marka la keeno',
    );
  });

  it("on a product page: the ways to pay where the financing line was, and the delivery and returns perks", async () => {
    serveTerms(ZONED);
    const dress = makeProduct({ name: 'Linen Wrap Dress', price: 30 });
    server.use(http.get(`/api/products/${dress._id}`, () => HttpResponse.json(dress)));
    renderApp(`/product/${dress._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Wrap Dress' })).toBeInTheDocument();
    expect(await screen.findByTestId('ways-to-pay')).toHaveTextContent('Pay with EVC Plus, ZAAD, SAHAL, eDahab, card or cash on delivery');
    expect(within(screen.getByTestId('product-perks')).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'Delivery from $2.00 to $9.00',
      'Returns within 30 days of delivery',
      'Secure payment',
    ]);
    expect(document.body).not.toHaveTextContent(FALSE_PROMISES);
  });

  it('on a product page while the settings fail: no ways-to-pay line, no delivery or returns perk', async () => {
    server.use(http.get('/api/settings', () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })));
    const dress = makeProduct({ name: 'Linen Wrap Dress', price: 30 });
    server.use(http.get(`/api/products/${dress._id}`, () => HttpResponse.json(dress)));
    renderApp(`/product/${dress._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Wrap Dress' })).toBeInTheDocument();
    expect(screen.queryByTestId('ways-to-pay')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('product-perks')).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Secure payment']);
    expect(document.body).not.toHaveTextContent(FALSE_PROMISES);
  });

  it('on the Delivery and Returns pages: the fee range and the return window, nothing free or worldwide', async () => {
    serveTerms(ZONED);
    const { unmount } = renderApp('/delivery');
    expect(await screen.findByTestId('delivery-term')).toHaveTextContent(
      'Delivery from $2.00 to $9.00: the fee for your place is added at checkout and shown before you pay.',
    );
    expect(screen.getByRole('main')).not.toHaveTextContent(/wherever|flat shipping/i);
    unmount();
    renderApp('/returns');
    expect(await screen.findByTestId('returns-term')).toHaveTextContent('Returns within 30 days of delivery');
    expect(screen.getByRole('main')).not.toHaveTextContent(/free/i);
  });
});
