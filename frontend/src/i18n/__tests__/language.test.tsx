/**
 * English / Soomaali: the switch in the header and the mobile menu, what it changes (texts,
 * <html lang>, the stored choice, Accept-Language, dates) and what it leaves alone (prices).
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { formatDateTime, formatLongDate, formatPrice } from '@/lib/format';
import { axeViolations } from '@/testing/axe';
import { makeProduct, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { useSession } from '@/stores/session';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { currentLanguage, i18n, restoreLanguage, setLanguage } from '..';

describe('the language switch', () => {
  it('shows the storefront in Somali and back in English, remembered, with <html lang> following', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json([makeProduct({ name: 'Cotton Abaya', price: 12.5 })])));
    const { user } = renderApp('/');
    const header = screen.getByRole('banner');
    const english = within(header).getByRole('group', { name: 'Language' });
    expect(within(english).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(english).getByRole('button', { name: 'Soomaali' })).toHaveAttribute('lang', 'so');
    expect(within(header).getByRole('link', { name: 'Login' })).toBeInTheDocument();

    await user.click(within(english).getByRole('button', { name: 'Soomaali' }));

    expect(await within(header).findByRole('link', { name: 'Soo gal' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Is diiwaangeli' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Haween' })).toHaveAttribute('href', '/category/women');
    expect(within(header).getByRole('link', { name: 'Dambiisha, 0 shay' })).toBeInTheDocument();
    const somali = within(header).getByRole('group', { name: 'Luqadda' });
    expect(within(somali).getByRole('button', { name: 'Soomaali' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('so');
    expect(localStorage.getItem('language')).toBe('so');
    // The home page in Somali; the price as in English.
    expect(await screen.findByRole('heading', { name: 'Sida ay u shaqeyso' })).toBeInTheDocument();
    // (The lists are asked for again after the switch: checked as one step, not element by element.)
    await waitFor(() => {
      expect(screen.getAllByText('$12.50')).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: /^Ku dar dambiisha: / }).map((b) => b.getAttribute('aria-label'))).toEqual([
        'Ku dar dambiisha: Cotton Abaya',
      ]);
    });
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(within(somali).getByRole('button', { name: 'English' }));

    expect(await within(header).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('is in the mobile menu too', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    await user.click(within(within(menu).getByRole('group', { name: 'Language' })).getByRole('button', { name: 'Soomaali' }));
    expect(await within(menu).findByRole('link', { name: 'Liiska jeclaysiga' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Dambiisha' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Soomaali' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('restores a Somali choice made before, before anything is drawn', async () => {
    localStorage.setItem('language', 'so');
    await restoreLanguage();
    expect(currentLanguage()).toBe('so');
    expect(document.documentElement.lang).toBe('so');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Ku soo dhowow mar kale' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Soo gal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Furaha sirta ah')).toBeInTheDocument();
  });

  it('keeps English when nothing was chosen', async () => {
    await restoreLanguage();
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('the language and the server', () => {
  it('sends Accept-Language with every request, following the language shown', async () => {
    const heard: (string | null)[] = [];
    server.use(
      http.get('/api/echo', ({ request }) => {
        heard.push(request.headers.get('accept-language'));
        return HttpResponse.json({});
      }),
      http.post('/api/echo', ({ request }) => {
        heard.push(request.headers.get('accept-language'));
        return HttpResponse.json({});
      }),
    );
    await api.get('/echo');
    await setLanguage('so');
    await api.get('/echo');
    await api.post('/echo', { a: 1 });
    await setLanguage('en');
    await api.get('/echo');
    expect(heard).toEqual(['en', 'so', 'so', 'en']);
  });

  it("asks again for what the server worded, so its messages follow a switch", async () => {
    const product = makeProduct({ _id: 'p-lang', name: 'Silk Scarf' });
    server.use(
      http.get('/api/products/:id', () => HttpResponse.json(product)),
      http.get('/api/products/:id/reviews/mine', ({ request }) =>
        HttpResponse.json({
          canReview: false,
          reason:
            request.headers.get('accept-language') === 'so'
              ? 'Macaamiisha alaabtan helay oo keliya ayaa faallo ka qori kara'
              : 'Only shoppers who have received this product can review it',
          review: null,
        }),
      ),
    );
    const { user } = renderApp('/product/p-lang', { user: true });
    expect(await screen.findByTestId('review-refusal')).toHaveTextContent('Only shoppers who have received this product can review it');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Soomaali' }));
    await waitFor(() =>
      expect(screen.getByTestId('review-refusal')).toHaveTextContent('Macaamiisha alaabtan helay oo keliya ayaa faallo ka qori kara'),
    );
  });
});

describe("a person's language", () => {
  it('shows the shop in the language a person chose last, as soon as they sign in', async () => {
    const amina = makeUser({ name: 'Amina Hassan', language: 'so' });
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ token: 'tok', user: amina, message: 'Logged in successfully' })));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'amina@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLanguage()).toBe('so'));
    expect(document.documentElement.lang).toBe('so');
    expect(localStorage.getItem('language')).toBe('so');
    expect(within(await screen.findByRole('banner')).getByRole('group', { name: 'Luqadda' })).toBeInTheDocument();
  });

  it('keeps a language chosen before signing in, as the person\'s, rather than switching to their earlier one', async () => {
    const kept: unknown[] = [];
    const amina = makeUser({ name: 'Amina Hassan', language: 'en' });
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ token: 'tok', user: amina, message: 'Logged in successfully' })),
      http.put('/api/auth/language', async ({ request }) => {
        kept.push(await request.json());
        return HttpResponse.json({ ...amina, language: 'so' });
      }),
    );
    const { user } = renderApp('/');
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Soomaali' }));
    await waitFor(() => expect(currentLanguage()).toBe('so'));
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Soo gal' }));
    await user.type(await screen.findByLabelText('Iimayl'), 'amina@example.com');
    await user.type(screen.getByLabelText('Furaha sirta ah'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Soo gal' }));
    await waitFor(() => expect(kept).toEqual([{ language: 'so' }]));
    expect(currentLanguage()).toBe('so');
    expect(useSession.getState().user?.language).toBe('so');
  });

  it("keeps a signed-in person's choice on the server (PUT /api/auth/language), and a visitor's in the browser only", async () => {
    const kept: unknown[] = [];
    server.use(
      http.put('/api/auth/language', async ({ request }) => {
        kept.push(await request.json());
        return HttpResponse.json(makeUser({ language: 'so' }));
      }),
    );
    const visitor = renderApp('/');
    await visitor.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Soomaali' }));
    await waitFor(() => expect(currentLanguage()).toBe('so'));
    expect(kept).toEqual([]);
    visitor.unmount();

    await setLanguage('en');
    const signedIn = renderApp('/', { user: makeUser({ language: 'en' }) });
    await signedIn.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Soomaali' }));
    await waitFor(() => expect(kept).toEqual([{ language: 'so' }]));
    expect(useSession.getState().user?.language).toBe('so');
  });
});

describe('dates and prices', () => {
  it('writes dates in the language shown and prices alike in both', async () => {
    const at = '2026-11-21T12:00:00Z';
    expect(formatLongDate(at)).toBe('November 21, 2026');
    expect(formatPrice(12.5)).toBe('$12.50');
    await setLanguage('so');
    expect(i18n.locale).toBe('so');
    expect(formatLongDate(at)).toBe(
      new Date(at).toLocaleDateString('so', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    expect(formatLongDate(at)).not.toContain('November');
    expect(formatPrice(12.5)).toBe('$12.50');
  });

  it("writes Somali months itself where the browser's Intl has no Somali (Chromium, Chrome)", async () => {
    // Chromium answers [] here and writes 'so' dates in English.
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((locales) =>
      [locales ?? []].flat().map(String).filter((l) => l !== 'so'),
    );
    const at = new Date(2026, 10, 21, 9, 5).toISOString();
    expect(formatLongDate(at)).toBe('November 21, 2026');
    await setLanguage('so');
    expect(formatLongDate(at)).toBe('Noofeembar 21, 2026');
    expect(formatDateTime(at)).toBe('Noofeembar 21, 2026, 09:05');
    expect(formatLongDate(new Date(2026, 0, 2).toISOString())).toBe('Jannaayo 2, 2026');
  });
});
