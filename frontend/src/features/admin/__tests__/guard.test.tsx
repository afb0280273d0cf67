import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor } from '@/testing/test-utils';
import { adminUser, renderAdmin } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../dashboard/components/DashboardPage');
  await import('../settings/components/SettingsPage');
});

const location = () => screen.getByTestId('location');

describe('admin guard and layout', () => {
  it('shows a spinner while the session is being restored, then the admin area', async () => {
    server.use(http.get('/api/admin/stats', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderApp('/admin', { restoring: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    useSession.getState().signIn('tok', adminUser());
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  });

  it("refuses a signed-in customer with 'Access denied. Admin privileges required.' and goes to /", async () => {
    renderApp('/admin/users', { user: makeUser({ role: 'user' }) });
    await findToast('Access denied. Admin privileges required.');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('lets an admin in: sidebar links, the current page marked, a phone menu button that opens and closes it', async () => {
    server.use(http.get('/api/admin/stats', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderAdmin('/admin/settings');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(nav.closest('aside')).toHaveClass('hidden');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav.closest('aside')).toHaveClass('block');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin$/));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
