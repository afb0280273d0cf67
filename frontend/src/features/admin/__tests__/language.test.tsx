/**
 * The back office in Somali and English: it opens in the signed-in person's language (their
 * `language`, kept on the server), its own catalogue arrives before it draws, the switch in its
 * sidebar redraws it (and keeps the choice on the server), and dates and counts follow.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/i18n';
import type { Discount, User } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeDiscount, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { dayLabel, monthLabel } from '../lib/charts';
import { formatCount, formatShortDate } from '../lib/ui';
import { adminUser, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([
    import('../users/components/UsersPage'),
    import('../discounts/components/DiscountsPage'),
    import('../products/components/ProductsPage'),
  ]);
});

const amina = makeUser({ _id: 'u-amina', name: 'Amina Hassan', role: 'user', createdAt: '2026-11-02T09:00:00Z' });
const eid = makeDiscount({ _id: 'd-eid', code: 'EID-2026', kind: 'percent', value: 15, active: true, startsAt: null, endsAt: null });

const sidebar = () => screen.getByRole('complementary');

describe('the back office in Somali', () => {
  it("opens in the person's language: the sidebar, the page, its table and a date in Somali", async () => {
    serveList<User>('/api/users', () => ({ rows: [amina] }));
    renderAdmin('/admin/users', adminUser({ language: 'so' }));

    const nav = await screen.findByRole('navigation', { name: 'Maamulka' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Guddiga',
      'Alaabta',
      'Codsiyada dib u buuxinta',
      'Dalabaadka',
      'Gaarsiinta',
      'Lacagta wadayaasha',
      'Isticmaalayaasha',
      'Qiimo dhimista',
      'Celinta',
      'Faallooyinka',
      'Ogeysiisyada',
      'Aagagga gaarsiinta',
      'Dejinta',
      'Lacag bixinnada',
      'Warbixinnada',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Isticmaalayaasha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ku dar isticmaale cusub' })).toBeInTheDocument();
    const row = (await screen.findAllByTestId('user-row'))[0];
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Isticmaalaha', 'Doorka', 'Ku biiray', 'Ficillada']);
    expect(within(row).getByText('Macmiil')).toBeInTheDocument();
    // Nov 2, 2026 in Somali (CLDR's 'MMM d, y').
    expect(within(row).getByText('Nof 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('Waxaa la muujinayaa 1–1 ka mid ah 1')).toBeInTheDocument();
    expect(within(sidebar()).getByRole('group', { name: 'Luqadda' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('button', { name: 'Soomaali' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('so');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('draws the products page in Somali too: its heading, buttons, filters and the form', async () => {
    serveList('/api/admin/products', () => ({ rows: [] }));
    const { user } = renderAdmin('/admin/products', adminUser({ language: 'so' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alaabta' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Xaaladda kaydka' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Alaab lama helin' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ku dar alaab cusub' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ku dar alaab cusub' }));
    expect(dialog.getByLabelText('Magaca')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Ku dar cabbirrada haweenka (XS ilaa XXL)' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Samee' }));
    expect(dialog.getByText('Magaca alaabta waa loo baahan yahay')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Ka noqo' }));
  });

  it("shows nothing of the page until its Somali has arrived, never English first", async () => {
    serveList<Discount>('/api/admin/discounts', () => ({ rows: [eid] }));
    renderAdmin('/admin/discounts', adminUser({ language: 'so' }));
    // The first thing drawn with a heading is already Somali.
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Qiimo dhimista');
    expect(screen.queryByText('Discounts')).not.toBeInTheDocument();
  });
});

describe('the switch in the back office', () => {
  it('redraws the page in Somali and back in English, and keeps the choice as the person\'s', async () => {
    serveList<Discount>('/api/admin/discounts', () => ({ rows: [eid] }));
    const kept: unknown[] = [];
    server.use(
      http.put('/api/auth/language', async ({ request }) => {
        const body = (await request.json()) as { language: string };
        kept.push(body);
        return HttpResponse.json({ ...adminUser(), language: body.language });
      }),
    );
    const { user } = renderAdmin('/admin/discounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discounts' })).toBeInTheDocument();
    await screen.findAllByTestId('discount-row');

    await user.click(within(sidebar()).getByRole('button', { name: 'Soomaali' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Qiimo dhimista' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ku dar koodh qiimo dhimis' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Koodhka',
      'Qiimo dhimis',
      'Ugu yaraan',
      'Muddada',
      'Isticmaalka',
      'Xaaladda',
      'Ficillada',
    ]);
    const row = screen.getByTestId('discount-row');
    expect(within(row).getByText('15% dhimis')).toBeInTheDocument();
    expect(within(row).getByTestId('discount-status')).toHaveTextContent('Shaqaynaya');
    expect(within(row).getByRole('button', { name: 'Jooji EID-2026' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Maamulka' })).getByRole('link', { name: 'Qiimo dhimista' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toContain('Qiimo dhimista');
    expect(document.documentElement.lang).toBe('so');
    await waitFor(() => expect(kept).toEqual([{ language: 'so' }]));

    await user.click(within(sidebar()).getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Discounts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Discount Code' })).toBeInTheDocument();
    expect(within(screen.getByTestId('discount-row')).getByText('15% off')).toBeInTheDocument();
    expect(within(sidebar()).getByRole('group', { name: 'Language' })).toBeInTheDocument();
    await waitFor(() => expect(kept).toEqual([{ language: 'so' }, { language: 'en' }]));
  });

  it('is reached by keyboard: in the sidebar after the links (on a phone, in the menu the top bar opens)', async () => {
    serveList<Discount>('/api/admin/discounts', () => ({ rows: [] }));
    const { user } = renderAdmin('/admin/discounts');
    await screen.findByRole('heading', { level: 1, name: 'Discounts' });
    within(sidebar()).getByRole('link', { name: 'Reports' }).focus();
    await user.tab();
    expect(within(sidebar()).getByRole('button', { name: 'English' })).toHaveFocus();
    await user.tab();
    expect(within(sidebar()).getByRole('button', { name: 'Soomaali' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Qiimo dhimista' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liiska' })).toHaveAttribute('aria-controls', 'admin-sidebar');
  });
});

describe('dates and counts in the back office', () => {
  it('follow the language shown; prices stay as they are', async () => {
    const at = '2026-11-02T12:00:00Z';
    expect(formatShortDate(at)).toBe('Nov 2, 2026');
    expect(dayLabel('2026-11-02')).toBe('Nov 2');
    expect(monthLabel('23 Oct')).toBe('23 Oct');
    expect(formatCount(1234)).toBe('1,234');
    await setLanguage('so');
    expect(i18n.locale).toBe('so');
    expect(formatShortDate(at)).toBe('Nof 2, 2026');
    expect(dayLabel('2026-11-02', true)).toBe('Nof 2, 2026');
    expect(monthLabel('23 Oct')).toBe('23 Okt');
    expect(formatCount(1234)).toBe(new Intl.NumberFormat('so').format(1234));
  });

  it("writes Somali months itself where the browser's Intl has no Somali (Chromium, Chrome)", async () => {
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((locales) =>
      [locales ?? []].flat().map(String).filter((l) => l !== 'so'),
    );
    await setLanguage('so');
    expect(formatShortDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatShortDate('2026-08-05T12:00:00Z')).toBe('Ogs 5, 2026');
    expect(dayLabel('2026-12-31')).toBe('Dis 31');
  });
});
