import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryZone } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeUser, makeZone, shopZones } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { tapTargetProblems } from '@/testing/tap-targets';
import { deliveryDays } from '../lib/names';
import { PHONE_QUERY } from '../lib/table';
import { recordJson, renderAdmin } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../delivery/components/DeliveryZonesPage');
});

/** GET /api/admin/delivery/zones: the zones `current` gives at each request; returns how often it was asked. */
function serveZones(current: () => DeliveryZone[] = shopZones) {
  let asked = 0;
  server.use(
    http.get('/api/admin/delivery/zones', () => {
      asked += 1;
      return HttpResponse.json(current());
    }),
  );
  return { asked: () => asked };
}

/** The one table of every zone. */
const zonesTable = () => within(screen.getByRole('region', { name: 'Delivery zones table' }));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
/** The rows of a city, in the table's order. */
const rowsOf = (city: string) => zonesTable().getAllByTestId('zone-row').filter((r) => cells(r)[0] === city);
const rowOf = (city: string, district: string) => rowsOf(city).find((r) => cells(r)[1] === district) as HTMLElement;

describe('delivery zones: how they read', () => {
  it('says how long delivery takes', () => {
    expect([{ min: 0, max: 0 }, { min: 1, max: 1 }, { min: 3, max: 3 }, { min: 1, max: 2 }].map(deliveryDays)).toEqual([
      'Same day',
      '1 day',
      '3 days',
      '1-2 days',
    ]);
  });
});

describe('admin delivery zones', () => {
  it('is in the sidebar and lists every zone in one table, in the order sent: city, district, fee, delivery time, cash on delivery, status and actions', async () => {
    serveZones();
    renderAdmin('/admin/delivery');
    expect(await screen.findByText('Loading delivery zones...')).toBeInTheDocument();
    await screen.findAllByTestId('zone-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery zones' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Delivery zones' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // One table, no table per city.
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(zonesTable().getAllByTestId('zone-row').map((r) => cells(r).slice(0, 2))).toEqual([
      ['Hargeisa', 'Whole city'],
      ['Mogadishu', 'Hodan'],
      ['Mogadishu', 'Kaaraan'],
      ['Mogadishu', 'Wadajir'],
      ['Baidoa', 'Whole city'],
    ]);
    expect(zonesTable().getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'City',
      'District',
      'Fee',
      'Delivery time',
      'Cash on delivery',
      'Status',
      'Actions',
    ]);
    expect(rowsOf('Mogadishu').map((r) => cells(r).slice(1, 6))).toEqual([
      ['Hodan', '$2.00', 'Same day', 'Yes', 'Served'],
      ['Kaaraan', '$3.00', '1-2 days', 'Yes', 'Switched off'],
      ['Wadajir', '$3.50', '1-2 days', 'Yes', 'Served'],
    ]);
    expect(cells(rowsOf('Hargeisa')[0]).slice(1, 6)).toEqual(['Whole city', '$6.00', '2 days', 'No', 'Served']);
    expect(cells(rowsOf('Baidoa')[0]).slice(1, 6)).toEqual(['Whole city', '$8.00', '3-5 days', 'Yes', 'Switched off']);
    expect(zonesTable().getByRole('button', { name: 'Switch off Hodan, Mogadishu' })).toBeInTheDocument();
    expect(zonesTable().getByRole('button', { name: 'Switch on Kaaraan, Mogadishu' })).toBeInTheDocument();
    expect(zonesTable().getByRole('button', { name: 'Edit Hargeisa' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when there are none, and toasts a failed load with a way to try again', async () => {
    serveZones(() => []);
    const { unmount } = renderAdmin('/admin/delivery');
    expect(await screen.findByRole('heading', { name: 'No delivery zones yet' })).toBeInTheDocument();
    unmount();
    let fail = true;
    server.use(
      http.get('/api/admin/delivery/zones', () =>
        fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json(shopZones()),
      ),
    );
    const { user } = renderAdmin('/admin/delivery');
    await findToast('Failed to load delivery zones. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('zone-row')).toHaveLength(5);
  });

  it("adds a zone, showing the server's field messages under their fields until they are fixed", async () => {
    let zones = shopZones();
    const served = serveZones(() => zones);
    const posts = recordJson('post', '/api/admin/delivery/zones', (body) => {
      const input = body as Omit<DeliveryZone, '_id'>;
      if (input.district === 'Hodan') {
        return HttpResponse.json(
          {
            message: 'Please check the highlighted fields',
            errors: { district: 'Hodan, Mogadishu is already a delivery zone', etaDays: 'Delivery days must be whole days from 0 to 60, the first no more than the second' },
          },
          { status: 400 },
        );
      }
      const created = makeZone({ ...input, _id: 'z-dharkenley' });
      zones = [...zones.slice(0, 3), created, ...zones.slice(3)];
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderAdmin('/admin/delivery');
    await screen.findAllByTestId('zone-row');
    await user.click(screen.getByRole('button', { name: 'Add zone' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Delivery Zone' }));
    expect(d.getByLabelText('City')).toHaveFocus();
    expect(d.getByLabelText('Served (shoppers can choose it)')).toBeChecked();
    expect(d.getByLabelText('Cash on delivery (the rider takes the payment)')).not.toBeChecked();

    await user.type(d.getByLabelText('City'), 'Mogadishu');
    await user.type(d.getByLabelText('District'), 'Hodan');
    await user.type(d.getByLabelText('Delivery fee ($)'), '2.5');
    await user.type(d.getByLabelText('Fastest delivery (days)'), '3');
    await user.type(d.getByLabelText('Slowest delivery (days)'), '1');
    await user.click(d.getByLabelText('Cash on delivery (the rider takes the payment)'));
    await user.click(d.getByRole('button', { name: 'Create Zone' }));
    await findToast('Please check the highlighted fields');
    expect(d.getByLabelText('District')).toHaveAccessibleDescription(expect.stringContaining('Hodan, Mogadishu is already a delivery zone'));
    expect(d.getByLabelText('Slowest delivery (days)')).toHaveAccessibleDescription(
      expect.stringContaining('Delivery days must be whole days from 0 to 60, the first no more than the second'),
    );
    expect(posts[0].body).toEqual({
      city: 'Mogadishu',
      district: 'Hodan',
      fee: 2.5,
      etaDays: { min: 3, max: 1 },
      cashOnDelivery: true,
      served: true,
    });

    // Editing a field clears its message only.
    await user.clear(d.getByLabelText('District'));
    expect(d.queryByText('Hodan, Mogadishu is already a delivery zone')).not.toBeInTheDocument();
    expect(d.getByText(/^Delivery days must be whole days/)).toBeInTheDocument();
    await user.type(d.getByLabelText('District'), ' Dharkenley ');
    await user.clear(d.getByLabelText('Slowest delivery (days)'));
    await user.type(d.getByLabelText('Slowest delivery (days)'), '4');
    await user.click(d.getByRole('button', { name: 'Create Zone' }));
    await findToast('Delivery zone added');
    expect(posts[1].body).toMatchObject({ district: 'Dharkenley', etaDays: { min: 3, max: 4 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rowsOf('Mogadishu')).toHaveLength(4));
    expect(served.asked()).toBe(2);
    expect(cells(rowOf('Mogadishu', 'Dharkenley')).slice(1, 6)).toEqual(['Dharkenley', '$2.50', '3-4 days', 'Yes', 'Served']);
  });

  it('a blank district is a whole city (sent as null)', async () => {
    serveZones();
    const posts = recordJson('post', '/api/admin/delivery/zones', (body) =>
      HttpResponse.json(makeZone({ ...(body as Partial<DeliveryZone>), _id: 'z-kismayo' }), { status: 201 }),
    );
    const { user } = renderAdmin('/admin/delivery');
    await user.click(await screen.findByRole('button', { name: 'Add zone' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Delivery Zone' }));
    await user.type(d.getByLabelText('City'), ' Kismayo ');
    await user.type(d.getByLabelText('Delivery fee ($)'), '9');
    await user.type(d.getByLabelText('Fastest delivery (days)'), '3');
    await user.type(d.getByLabelText('Slowest delivery (days)'), '5');
    await user.click(d.getByLabelText('Served (shoppers can choose it)'));
    await user.click(d.getByRole('button', { name: 'Create Zone' }));
    await findToast('Delivery zone added');
    expect(posts[0].body).toEqual({
      city: 'Kismayo',
      district: null,
      fee: 9,
      etaDays: { min: 3, max: 5 },
      cashOnDelivery: false,
      served: false,
    });
  });

  it('edits with PUT of every field, the row following the reply', async () => {
    const served = serveZones();
    const puts = recordJson('put', '/api/admin/delivery/zones/z-wadajir', (body) =>
      HttpResponse.json({ ...shopZones()[3], ...(body as object) }),
    );
    const { user } = renderAdmin('/admin/delivery');
    await screen.findAllByTestId('zone-row');
    await user.click(zonesTable().getByRole('button', { name: 'Edit Wadajir, Mogadishu' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Delivery Zone' }));
    expect(d.getByLabelText('City')).toHaveValue('Mogadishu');
    expect(d.getByLabelText('District')).toHaveValue('Wadajir');
    expect(d.getByLabelText('Delivery fee ($)')).toHaveValue(3.5);
    expect(d.getByLabelText('Fastest delivery (days)')).toHaveValue(1);
    expect(d.getByLabelText('Slowest delivery (days)')).toHaveValue(2);
    await user.clear(d.getByLabelText('Delivery fee ($)'));
    await user.type(d.getByLabelText('Delivery fee ($)'), '4');
    await user.click(d.getByRole('button', { name: 'Update Zone' }));
    await findToast('Delivery zone updated');
    expect(puts[0].body).toEqual({
      city: 'Mogadishu',
      district: 'Wadajir',
      fee: 4,
      etaDays: { min: 1, max: 2 },
      cashOnDelivery: true,
      served: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cells(rowOf('Mogadishu', 'Wadajir'))[2]).toBe('$4.00');
    // Same place: the row took the reply, the list was not asked again.
    expect(served.asked()).toBe(1);
  });

  it('switches a zone off and on with PUT of every field as it stands, served toggled', async () => {
    serveZones();
    const puts = recordJson('put', '/api/admin/delivery/zones/z-hodan', (body) => HttpResponse.json({ ...shopZones()[1], ...(body as object) }));
    const { user } = renderAdmin('/admin/delivery');
    await screen.findAllByTestId('zone-row');
    await user.click(zonesTable().getByRole('button', { name: 'Switch off Hodan, Mogadishu' }));
    await findToast('Hodan, Mogadishu switched off');
    expect(puts[0].body).toEqual({
      city: 'Mogadishu',
      district: 'Hodan',
      fee: 2,
      etaDays: { min: 0, max: 0 },
      cashOnDelivery: true,
      served: false,
    });
    expect(within(rowOf('Mogadishu', 'Hodan')).getByTestId('zone-status')).toHaveTextContent('Switched off');
    await user.click(zonesTable().getByRole('button', { name: 'Switch on Hodan, Mogadishu' }));
    await findToast('Hodan, Mogadishu switched on');
    expect(puts[1].body).toMatchObject({ served: true });
    expect(within(rowOf('Mogadishu', 'Hodan')).getByTestId('zone-status')).toHaveTextContent('Served');
  });

  it("shows the server's message when a switch is refused, the row as it was", async () => {
    serveZones();
    server.use(http.put('/api/admin/delivery/zones/z-hodan', () => HttpResponse.json({ message: 'Delivery zone not found' }, { status: 404 })));
    const { user } = renderAdmin('/admin/delivery');
    await user.click(await screen.findByRole('button', { name: 'Switch off Hodan, Mogadishu' }));
    await findToast('Delivery zone not found');
    expect(within(rowOf('Mogadishu', 'Hodan')).getByTestId('zone-status')).toHaveTextContent('Served');
  });

  it('is the access-denied page for staff without settings.manage, and asks nothing', async () => {
    const asked = serveZones();
    renderAdmin('/admin/delivery', makeUser({ role: 'orders', name: 'Omar Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).queryByRole('link', { name: 'Delivery zones' })).not.toBeInTheDocument();
    expect(asked.asked()).toBe(0);
  });
});

describe('admin delivery zones on a phone', () => {
  const jsdomMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
  });

  it('draws every zone as a card of the one list: its city as the title, served beside it, its lines and buttons', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    serveZones();
    renderAdmin('/admin/delivery');
    const cards = await screen.findAllByTestId('zone-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Delivery zones list' })).toHaveLength(1);
    expect(cards).toHaveLength(5);
    const hodan = cards[1];
    expect(hodan.tagName).toBe('LI');
    expect(within(hodan).getByText('Mogadishu')).toHaveClass('font-semibold');
    expect(within(hodan).getByTestId('zone-status')).toHaveTextContent('Served');
    expect(
      within(hodan)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual(['District: Hodan', 'Fee: $2.00', 'Delivery time: Same day', 'Cash on delivery: Yes']);
    expect(within(hodan).getByRole('button', { name: 'Edit Hodan, Mogadishu' })).toBeInTheDocument();
    expect(tapTargetProblems()).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });
});
