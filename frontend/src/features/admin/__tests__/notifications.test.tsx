import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminNotification } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeNotification } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { maskCodes, TOPIC_LABELS } from '../notifications/list';
import { currentUrl, paramsOf, renderAdmin, serveList, type ListReply } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../notifications/components/NotificationsPage');
});

const confirmation = makeNotification({
  _id: 'n-sent',
  recipient: 'amina@example.com',
  subject: 'Your order is confirmed',
  topic: 'orderConfirmed',
  channel: 'email',
  status: 'sent',
  attempts: 1,
});
const shopAlert = makeNotification({
  _id: 'n-shop',
  recipient: null,
  subject: null,
  topic: 'lowStock',
  channel: 'email',
  status: 'failed',
  attempts: 7,
  lastError: 'SMTP 550: mailbox unavailable',
  sentAt: null,
  createdAt: '2026-11-19T10:00:00Z',
});
const sms = makeNotification({
  _id: 'n-sms',
  recipient: '252615551234',
  subject: null,
  topic: 'orderShipped',
  channel: 'sms',
  status: 'retrying',
  attempts: 2,
  lastError: 'Gateway timeout',
  sentAt: null,
  nextAttemptAt: '2026-11-18T10:30:00Z',
  createdAt: '2026-11-18T10:00:00Z',
});
const all = [confirmation, shopAlert, sms];

function serveNotifications(
  reply: (query: URLSearchParams) => ListReply<AdminNotification> = (q) => ({
    rows: all.filter(
      (n) =>
        (!q.get('status') || n.status === q.get('status')) &&
        (!q.get('channel') || n.channel === q.get('channel')) &&
        (!q.get('q') || `${n.recipient ?? ''} ${n.subject ?? ''}`.includes(q.get('q') as string)),
    ),
  }),
) {
  return serveList<AdminNotification>('/api/admin/notifications', reply);
}

/** POST /api/admin/notifications/{id}/resend: answers `reply`, by default the message queued again; returns the ids asked for. */
function serveResend(reply: (id: string) => Response = (id) => HttpResponse.json({ ...all.find((n) => n._id === id), status: 'pending', attempts: 0, lastError: null })) {
  const calls: { id: string; body: string }[] = [];
  server.use(
    http.post('/api/admin/notifications/:id/resend', async ({ params, request }) => {
      calls.push({ id: String(params.id), body: await request.text() });
      return reply(String(params.id));
    }),
  );
  return calls;
}

const rows = () => screen.getAllByTestId('notification-row');
const rowOf = (id: string) => within(rows()[all.findIndex((n) => n._id === id)]);
const firstPage = { page: '1', limit: '20' };

describe('admin notifications: list', () => {
  it('is in the sidebar and lists the first page, with Shop for the alert address and the topic for a subject not yet rendered', async () => {
    const served = serveNotifications();
    renderAdmin('/admin/notifications');
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument();
    await screen.findAllByTestId('notification-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('E-mails and SMS the shop sends. Failed messages are retried for 24 hours; Resend queues one again.')).toBeInTheDocument();
    expect(document.title).toContain('Notifications');
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(served.map(paramsOf)).toEqual([firstPage]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Created',
      'Recipient',
      'Channel',
      'Subject',
      'Status',
      'Attempts',
      'Last error',
      'Actions',
    ]);

    const cells = (id: string) => rowOf(id).getAllByRole('cell').map((c) => c.textContent);
    const sent = cells('n-sent');
    expect(sent.slice(1, 4)).toEqual(['amina@example.com', 'Email', 'Your order is confirmedOrder confirmed']);
    expect(sent[5]).toBe('1');
    expect(sent[6]).toBe('—None');
    expect(rowOf('n-sent').getByTestId('notification-status')).toHaveTextContent('Sent');

    const shop = cells('n-shop');
    expect(shop.slice(1, 4)).toEqual(['Shop', 'Email', 'Size running low']);
    expect(rowOf('n-shop').getByTestId('notification-status')).toHaveTextContent('Failed');
    expect(shop.slice(5, 7)).toEqual(['7', 'SMTP 550: mailbox unavailable']);
    expect(rowOf('n-shop').getByRole('button', { name: 'Resend Size running low to Shop' })).toBeEnabled();

    const text = cells('n-sms');
    expect(text.slice(1, 4)).toEqual(['+252 61 555 1234', 'SMS', 'Order shipped']);
    expect(rowOf('n-sms').getByTestId('notification-status')).toHaveTextContent('Retrying');
    expect(rowOf('n-sms').getByText(/^Next try /)).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('labels every topic', () => {
    expect(Object.values(TOPIC_LABELS)).toEqual([
      'Order confirmed',
      'Payment not confirmed',
      'Order shipped',
      'Order delivered',
      'Order canceled',
      'Delivery failed',
      'Return update',
      'Password reset',
      'New order',
      'Size running low',
      'Back in stock',
      'Payment link',
      'Payment alert',
    ]);
  });

  it('filters by status and channel and searches on the server, kept in the URL and back at page 1', async () => {
    const served = serveNotifications();
    const { user } = renderAdmin('/admin/notifications?page=2');
    await screen.findByText('Loading notifications...');
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All statuses',
      'Pending',
      'Sent',
      'Retrying',
      'Failed',
      'Skipped',
    ]);
    const channel = screen.getByRole('combobox', { name: 'Channel' });
    expect(within(channel).getAllByRole('option').map((o) => o.textContent)).toEqual(['All channels', 'Email', 'SMS']);

    await user.selectOptions(status, 'Failed');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, status: 'failed' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(currentUrl()).toBe('/admin/notifications?status=failed');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'SMS');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, status: 'failed', channel: 'sms' }));
    expect(currentUrl()).toBe('/admin/notifications?status=failed&channel=sms');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    expect(screen.getByText('No message matches these filters.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, channel: 'sms' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search notifications' }), '2526');
    // debounced: sent once typing pauses
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, channel: 'sms', q: '2526' }));
    expect(served.filter((q) => q.get('q') !== null)).toHaveLength(1);
    expect(currentUrl()).toBe('/admin/notifications?channel=sms&q=2526');
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('pages like the other lists', async () => {
    const served = serveNotifications((q) => ({ rows: q.get('page') === '2' ? [sms] : [confirmation, shopAlert], total: 21 }));
    const { user } = renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    expect(screen.getByText('Showing 1–2 of 21')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Notifications pages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ page: '2', limit: '20' }));
    expect(currentUrl()).toBe('/admin/notifications?page=2');
  });

  it('shows the failure with Try Again', async () => {
    server.use(http.get('/api/admin/notifications', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin/notifications');
    await findToast('Failed to load notifications. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('admin notifications: Resend', () => {
  it('posts no body, toasts and refreshes the list', async () => {
    const served = serveNotifications();
    const calls = serveResend();
    const { user } = renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    await user.click(rowOf('n-shop').getByRole('button', { name: /^Resend/ }));
    await findToast('Message queued to send again');
    expect(calls).toEqual([{ id: 'n-shop', body: '' }]);
    await waitFor(() => expect(served).toHaveLength(2));
    expect(paramsOf(served.at(-1))).toEqual(firstPage);
  });

  it("shows the server's refusal (409) as an error toast", async () => {
    serveNotifications();
    serveResend(() => HttpResponse.json({ message: 'This password reset code has expired and cannot be sent again' }, { status: 409 }));
    const { user } = renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    await user.click(rowOf('n-sent').getByRole('button', { name: /^Resend/ }));
    await findToast('This password reset code has expired and cannot be sent again');
    expect(document.querySelector('.Toastify__toast--error')).toHaveTextContent('This password reset code has expired and cannot be sent again');
    expect(rowOf('n-sent').getByTestId('notification-status')).toHaveTextContent('Sent');
  });

  it('is axe-clean with every status and a pager', async () => {
    serveNotifications(() => ({
      rows: [
        confirmation,
        shopAlert,
        sms,
        makeNotification({ status: 'pending', attempts: 0, sentAt: null }),
        makeNotification({ status: 'skipped', channel: 'sms', recipient: '252610000000', subject: null, topic: 'passwordReset', sentAt: null }),
      ],
      total: 45,
    }));
    renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('admin notifications: reading a message', () => {
  it('masks the codes a message carries, and no other number', () => {
    expect(maskCodes('Your delivery code is 0427: give it to the rider.')).toBe('Your delivery code is ••••: give it to the rider.');
    expect(maskCodes('Koodhka aad ku beddelayso furahaaga sirta ah ee Dukaan waa 482913.')).toBe(
      'Koodhka aad ku beddelayso furahaaga sirta ah ee Dukaan waa ••••••.',
    );
    for (const text of ['Order #o1 of $45.00 to 252615551234', 'SMTP 550: mailbox unavailable', 'Discount code EID-2026', 'code from 2026-11-02']) {
      expect(maskCodes(text)).toBe(text);
    }
  });

  it('fits beside the sidebar at 1280 px: fixed columns in at most 61rem (1280 px - the 15rem sidebar - 2 × 2rem of padding)', async () => {
    serveNotifications();
    renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table-fixed');
    const minimum = /\bmin-w-\[(\d+(?:\.\d+)?)rem\]/.exec(table.className);
    expect(minimum).not.toBeNull();
    expect(Number(minimum?.[1])).toBeLessThanOrEqual(61);
    // The error is cut to two lines in its cell (the whole of it is in the details).
    expect(rowOf('n-shop').getByText('SMTP 550: mailbox unavailable')).toHaveClass('line-clamp-2');
  });

  it('opens a message with Details: its whole subject and error, codes masked; Hide details closes it', async () => {
    const reset = makeNotification({
      _id: 'n-reset',
      channel: 'sms',
      recipient: '252615551234',
      subject: 'Your Dukaan password reset code',
      topic: 'passwordReset',
      status: 'failed',
      attempts: 3,
      lastError: 'Gateway refused: "your password reset code is 482913. It is valid for 15 minutes." (order #o1, 252615551234)',
      sentAt: null,
    });
    serveNotifications(() => ({ rows: [reset] }));
    const { user } = renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    // Codes are masked in the list too.
    expect(screen.getByRole('table')).not.toHaveTextContent('482913');
    const details = screen.getByRole('button', { name: /^Details / });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const opened = screen.getByTestId('notification-details');
    expect(details).toHaveAttribute('aria-controls', opened.closest('tr')?.id);
    expect(within(opened).getByText('Your Dukaan password reset code')).toBeInTheDocument();
    expect(within(opened).getByText('Password reset')).toBeInTheDocument();
    expect(within(opened).getByText('+252 61 555 1234 (SMS)')).toBeInTheDocument();
    expect(
      within(opened).getByText('Gateway refused: "your password reset code is ••••••. It is valid for 15 minutes." (order #o1, 252615551234)'),
    ).toBeInTheDocument();
    expect(opened).not.toHaveTextContent('482913');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Hide details / }));
    expect(screen.queryByTestId('notification-details')).not.toBeInTheDocument();
  });
});

