/**
 * Riders' cash (issues 43 and 61): each rider's cash deliveries and the cash collected on a day
 * (today in Somalia by default), marked handed in after a confirmation, again for cash delivered
 * after a hand-in; the server's refusal and a failed load; only for whoever receives cash (an
 * order handler does not).
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { makeRiderCash, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { todayInSomalia } from '../lib/days';
import { recordJson, renderAdmin } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../deliveries/components/RidersCashPage');
});

const abdi = makeRiderCash({ riderId: 'r1', riderName: 'Abdi Warsame', deliveries: 2, collected: 58 });
const sahra = { _id: 'a1', name: 'Sahra Admin' };
const cali = makeRiderCash({
  riderId: 'r2',
  riderName: 'Cali Rider',
  deliveries: 1,
  collected: 24,
  handIns: [{ amount: 24, deliveries: 1, at: '2026-11-27T15:00:00Z', by: sahra }],
  received: { collected: 24, at: '2026-11-27T15:00:00Z', by: sahra },
});

function serveCash(reply: (date: string | null) => Response) {
  const dates: (string | null)[] = [];
  server.use(
    http.get('/api/admin/riders/cash', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date');
      dates.push(date);
      return reply(date);
    }),
  );
  return dates;
}

const rows = () => screen.getAllByTestId('cash-row');

describe("riders' cash", () => {
  it('says which day in East Africa it is', () => {
    expect(todayInSomalia(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-28');
    expect(todayInSomalia(new Date('2026-11-27T20:59:00Z'))).toBe('2026-11-27');
  });

  it("lists each rider's cash of today, and of another day chosen", async () => {
    const dates = serveCash((date) => HttpResponse.json(date === '2026-11-20' ? [] : [abdi, cali]));
    const { user } = renderAdmin('/admin/riders-cash');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: "Riders' cash" })).toBeInTheDocument();
    expect(dates[0]).toBe(todayInSomalia());
    expect(within(rows()[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Abdi Warsame', '2', '$58.00', 'Mark received Abdi Warsame']);
    expect(within(rows()[1]).getByTestId('cash-received')).toHaveTextContent(/^Received\$24\.00 by Sahra Admin, /);
    expect(await axeViolations()).toEqual([]);

    const day = screen.getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-11-20');
    expect(await screen.findByText('No rider collected cash that day.')).toBeInTheDocument();
    expect(dates.at(-1)).toBe('2026-11-20');
  });

  it('marks a rider\'s cash received after a confirmation', async () => {
    serveCash(() => HttpResponse.json([abdi]));
    const calls = recordJson('post', `/api/admin/riders/r1/cash/${todayInSomalia()}/received`, () =>
      HttpResponse.json(
        makeRiderCash({ handIns: [{ amount: 58, deliveries: 2, at: '2026-11-27T16:00:00Z', by: sahra }], received: { collected: 58, at: '2026-11-27T16:00:00Z', by: sahra } }),
      ),
    );
    const { user } = renderAdmin('/admin/riders-cash');
    await user.click(await screen.findByRole('button', { name: 'Mark received Abdi Warsame' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Mark the cash received?' }));
    expect(dialog.getByText('Abdi Warsame hands in $58.00 for 2 cash deliveries.')).toBeInTheDocument();
    // Taking cash in destroys nothing: its button is the shop's colour, not a delete's red.
    const confirm = dialog.getByRole('button', { name: 'Mark received' });
    expect(confirm).toHaveAttribute('data-tone', 'primary');
    expect(confirm.className).not.toMatch(/\bbg-red-/);
    expect(confirm).toHaveClass('bg-brand-700');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Mark received Abdi Warsame' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark received' }));
    expect(await findToast('Received $58.00 from Abdi Warsame')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(within(rows()[0]).getByTestId('cash-received')).toHaveTextContent(/^Received\$58\.00 by Sahra Admin/));
  });

  it('takes cash delivered after a hand-in: what is still to hand in, for the deliveries not covered', async () => {
    const firstHandIn = { amount: 22, deliveries: 1, at: '2026-11-27T12:00:00Z', by: sahra };
    const later = makeRiderCash({ deliveries: 2, collected: 44, handIns: [firstHandIn], received: { collected: 22, at: firstHandIn.at, by: sahra } });
    serveCash(() => HttpResponse.json([later]));
    const { user } = renderAdmin('/admin/riders-cash');
    const cell = await screen.findByTestId('cash-received');
    expect(cell).toHaveTextContent(/^\$22\.00 by Sahra Admin, .*\$22\.00 still to hand in/);
    expect(within(cell).queryByText('Received')).not.toBeInTheDocument();
    await user.click(within(cell).getByRole('button', { name: 'Mark received Abdi Warsame' }));
    expect(within(screen.getByRole('alertdialog')).getByText('Abdi Warsame hands in $22.00 for 1 cash delivery.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows the server's refusal, and a failed load with Try Again", async () => {
    let fail = true;
    serveCash(() => (fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json([abdi])));
    recordJson('post', '/api/admin/riders/r1/cash/:date/received', () => HttpResponse.json({ message: 'That day has not ended yet' }, { status: 409 }));
    const { user } = renderAdmin('/admin/riders-cash');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await user.click(await screen.findByRole('button', { name: 'Mark received Abdi Warsame' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark received' }));
    expect(await findToast('That day has not ended yet')).toBeInTheDocument();
  });

  it('is not for an order handler', async () => {
    renderAdmin('/admin/riders-cash', makeUser({ role: 'orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });
});
