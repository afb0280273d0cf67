import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session';
import { defaultSettings } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { ADMIN_ID, adminUser, recordJson, renderAdmin } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../settings/components/SettingsPage');
});

describe('admin settings', () => {
  it('saves the shop settings with PUT /api/settings and reloads the settings everyone reads', async () => {
    let current = { ...defaultSettings };
    let gets = 0;
    server.use(
      http.get('/api/settings', () => {
        gets += 1;
        return HttpResponse.json(current);
      }),
    );
    const puts = recordJson('put', '/api/settings', (body) => {
      current = { ...current, ...(body as object) };
      return HttpResponse.json(current);
    });
    const { user } = renderAdmin('/admin/settings');
    const form = within((await screen.findByRole('heading', { name: 'Shop settings' })).closest('section')!);
    expect(form.getByLabelText('Shop name')).toHaveValue('Dukaan Fashion');
    expect(form.getByLabelText('Shipping fee ($)')).toHaveValue(5);
    await user.clear(form.getByLabelText('Shop name'));
    await user.type(form.getByLabelText('Shop name'), 'Dukaan Kids');
    await user.clear(form.getByLabelText('Shipping fee ($)'));
    await user.type(form.getByLabelText('Shipping fee ($)'), '3.5');
    const before = gets;
    await user.click(form.getByRole('button', { name: 'Save Settings' }));
    await findToast('Settings saved');
    expect(puts[0].body).toEqual({
      shopName: 'Dukaan Kids',
      supportPhone: defaultSettings.supportPhone,
      supportEmail: defaultSettings.supportEmail,
      shippingFee: 3.5,
      cashOnDeliveryMax: defaultSettings.cashOnDeliveryMax,
    });
    await waitFor(() => expect(gets).toBeGreaterThan(before));
  });

  it('sets the most paid in cash on delivery: checked from 0 to 10000 before sending, the server\'s message under it', async () => {
    let refuse = true;
    const puts = recordJson('put', '/api/settings', (body) =>
      refuse
        ? HttpResponse.json({ message: 'Invalid settings', errors: { cashOnDeliveryMax: 'The most paid in cash must be between 0 and 10000' } }, { status: 400 })
        : HttpResponse.json({ ...defaultSettings, ...(body as object) }),
    );
    const { user } = renderAdmin('/admin/settings');
    const form = within((await screen.findByRole('heading', { name: 'Shop settings' })).closest('section')!);
    const field = form.getByLabelText('Most paid in cash on delivery ($)');
    expect(field).toHaveValue(200);
    expect(field).toHaveAccessibleDescription('Orders totalling more are paid another way');

    for (const typed of ['20000', '-1', '']) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(form.getByRole('button', { name: 'Save Settings' }));
      expect(field).toHaveAccessibleDescription('The most paid in cash must be between 0 and 10000 Orders totalling more are paid another way');
    }
    expect(puts).toHaveLength(0);

    await user.type(field, '10000');
    expect(form.queryByText('The most paid in cash must be between 0 and 10000')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save Settings' }));
    await findToast('Invalid settings');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The most paid in cash must be between 0 and 10000'));

    refuse = false;
    await user.clear(field);
    await user.type(field, '150.5');
    await user.click(form.getByRole('button', { name: 'Save Settings' }));
    await findToast('Settings saved');
    expect(puts.at(-1)?.body).toEqual({
      shopName: defaultSettings.shopName,
      supportPhone: defaultSettings.supportPhone,
      supportEmail: defaultSettings.supportEmail,
      shippingFee: defaultSettings.shippingFee,
      cashOnDeliveryMax: 150.5,
    });
  });

  it("shows the server's field errors under the fields", async () => {
    recordJson('put', '/api/settings', () =>
      HttpResponse.json({ message: 'Invalid settings', errors: { supportPhone: 'Not a Somali phone number' } }, { status: 400 }),
    );
    const { user } = renderAdmin('/admin/settings');
    const form = within((await screen.findByRole('heading', { name: 'Shop settings' })).closest('section')!);
    await user.click(await form.findByRole('button', { name: 'Save Settings' }));
    await findToast('Invalid settings');
    expect(form.getByLabelText('Support phone')).toHaveAccessibleDescription('Not a Somali phone number');
    await user.type(form.getByLabelText('Support phone'), '1');
    expect(form.queryByText('Not a Somali phone number')).not.toBeInTheDocument();
  });

  it("changes the admin's own e-mail and password with the current password", async () => {
    const me = adminUser();
    const puts = recordJson('put', `/api/users/${ADMIN_ID}`, (body) => HttpResponse.json({ ...me, email: (body as { email: string }).email }));
    const { user } = renderAdmin('/admin/settings', me);
    const form = within((await screen.findByRole('heading', { name: 'Your admin account' })).closest('section')!);
    expect(form.getByLabelText('Admin email')).toHaveValue('sahra@example.com');
    await user.clear(form.getByLabelText('Admin email'));
    await user.type(form.getByLabelText('Admin email'), 'boss@example.com');
    await user.type(form.getByLabelText('New password'), 'abc');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(form.getByText('Current password is required')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.type(form.getByLabelText('Current password'), 'old-secret');
    await user.type(form.getByLabelText('New password'), 'defgh');
    await user.type(form.getByLabelText('Confirm new password'), 'abcdefgh');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    await findToast('Profile updated successfully');
    expect(puts[0].body).toEqual({
      name: me.name,
      email: 'boss@example.com',
      phone: me.phone,
      password: 'abcdefgh',
      currentPassword: 'old-secret',
    });
    expect(useSession.getState().user?.email).toBe('boss@example.com');
    await waitFor(() => expect(form.getByLabelText('New password')).toHaveValue(''));
  });
});
