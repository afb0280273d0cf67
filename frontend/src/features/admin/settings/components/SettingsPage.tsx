/**
 * Admin settings (/admin/settings), wired: the shop's settings (GET/PUT /api/settings) and the
 * signed-in admin's own e-mail and password (PUT /api/users/{ownId}).
 */
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { useSettings, useUpdateSettings } from '@/lib/api/settings';
import { useUpdateUser } from '@/lib/api/users';
import type { Settings, UpdateUserRequest, User } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { compact, hasErrors, MIN_PASSWORD_LENGTH, validateConfirmation, validateEmail, type FieldErrors } from '@/lib/validation';
import { useSession } from '@/stores/session';
import { TextField } from '../../components/fields';
import { adminErrorMessage, logError, serverFieldErrors } from '../../lib/errors';
import { admin } from '../../lib/ui';

type ShopField = 'shopName' | 'supportPhone' | 'supportEmail' | 'shippingFee';
const SHOP_FIELDS: readonly ShopField[] = ['shopName', 'supportPhone', 'supportEmail', 'shippingFee'];
type ShopForm = Record<ShopField, string>;

const shopFormFrom = (s: Settings): ShopForm => ({
  shopName: s.shopName ?? '',
  supportPhone: s.supportPhone ?? '',
  supportEmail: s.supportEmail ?? '',
  shippingFee: String(s.shippingFee ?? 0),
});

export function validateShopForm(f: ShopForm): FieldErrors<ShopField> {
  const fee = f.shippingFee.trim() === '' ? NaN : Number(f.shippingFee);
  return compact<ShopField>({
    shopName: f.shopName.trim() ? undefined : 'Shop name is required',
    supportPhone: f.supportPhone.trim() ? undefined : 'Support phone is required',
    supportEmail: validateEmail(f.supportEmail),
    shippingFee: fee >= 0 ? undefined : 'Shipping fee must be 0 or more',
  });
}

function ShopSettingsForm({ settings }: { settings: Settings }) {
  const [form, setForm] = useState<ShopForm>(() => shopFormFrom(settings));
  const [errors, setErrors] = useState<FieldErrors<ShopField>>({});
  const save = useUpdateSettings({
    onSuccess: (saved) => {
      setForm(shopFormFrom(saved));
      toast.success('Settings saved');
    },
    onError: (err) => {
      logError('Failed to save settings', err);
      setErrors((e) => ({ ...e, ...serverFieldErrors(err, SHOP_FIELDS) }));
      toast.error(adminErrorMessage(err, 'Failed to save settings'));
    },
  });
  const set = (f: ShopField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((s) => ({ ...s, [f]: value }));
    if (errors[f]) setErrors(({ [f]: _cleared, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateShopForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate({
      shopName: form.shopName.trim(),
      supportPhone: form.supportPhone.trim(),
      supportEmail: form.supportEmail.trim(),
      shippingFee: Math.round(Number(form.shippingFee) * 100) / 100,
    });
  };
  return (
    <section aria-labelledby="shop-settings" className={admin.card}>
      <h2 id="shop-settings" className="text-lg font-semibold">
        Shop settings
      </h2>
      <p className="mt-1 text-sm text-stone-600">Shown in the storefront's header, footer and checkout.</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="Shop name" value={form.shopName} onChange={set('shopName')} error={errors.shopName} className="sm:col-span-2" />
        <TextField label="Support phone" type="tel" value={form.supportPhone} onChange={set('supportPhone')} error={errors.supportPhone} />
        <TextField label="Support email" type="email" value={form.supportEmail} onChange={set('supportEmail')} error={errors.supportEmail} />
        <TextField
          label="Shipping fee ($)"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={form.shippingFee}
          onChange={set('shippingFee')}
          error={errors.shippingFee}
          hint="Flat fee added to every order"
        />
        <div className="flex items-end sm:col-span-2">
          <button type="submit" className={btn.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      </form>
    </section>
  );
}

type AccountField = 'email' | 'currentPassword' | 'password' | 'confirmPassword';
type AccountForm = Record<AccountField, string>;

export function validateAccountForm(f: AccountForm): FieldErrors<AccountField> {
  const errors: FieldErrors<AccountField> = { email: validateEmail(f.email) };
  if (f.password) {
    errors.currentPassword = f.currentPassword ? undefined : 'Current password is required';
    errors.password = f.password.length < MIN_PASSWORD_LENGTH ? 'Password must be at least 6 characters' : undefined;
    errors.confirmPassword = validateConfirmation(f.password, f.confirmPassword);
  }
  return compact(errors);
}

function AccountSettingsForm({ me }: { me: User }) {
  const blank = { email: me.email ?? '', currentPassword: '', password: '', confirmPassword: '' };
  const [form, setForm] = useState<AccountForm>(blank);
  const [errors, setErrors] = useState<FieldErrors<AccountField>>({});
  const update = useUpdateUser({
    onSuccess: (saved) => {
      toast.success('Profile updated successfully');
      setForm({ email: saved.email, currentPassword: '', password: '', confirmPassword: '' });
    },
    onError: (err) => {
      logError('Profile update failed', err);
      setErrors((e) => ({ ...e, ...serverFieldErrors(err, ['email', 'currentPassword', 'password'] as const) }));
      toast.error(adminErrorMessage(err, 'Profile update failed'));
    },
  });
  const set = (f: AccountField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((s) => ({ ...s, [f]: value }));
    if (errors[f]) setErrors(({ [f]: _cleared, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAccountForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    const input: UpdateUserRequest = { name: me.name, email: form.email.trim(), phone: me.phone };
    if (form.password) {
      input.password = form.password;
      input.currentPassword = form.currentPassword;
    }
    update.mutate({ id: me._id, input });
  };
  return (
    <section aria-labelledby="account-settings" className={admin.card}>
      <h2 id="account-settings" className="text-lg font-semibold">
        Your admin account
      </h2>
      <p className="mt-1 text-sm text-stone-600">Change the e-mail you sign in with, or your password.</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="Admin email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} className="sm:col-span-2" />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          hint="Needed to change the password"
          className="sm:col-span-2"
        />
        <TextField label="New password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} error={errors.password} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <div className="sm:col-span-2">
          <button type="submit" className={btn.primary} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function SettingsPage() {
  usePageTitle('Settings');
  const settings = useSettings();
  const me = useSession((s) => s.user);
  return (
    <section>
      <h1 className={admin.pageTitle}>Settings</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        {settings.isPending ? (
          <PageLoading text="Loading settings..." />
        ) : settings.isError ? (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            <p>Failed to load settings</p>
            <button type="button" className={`${btn.secondary} mt-3`} onClick={() => void settings.refetch()}>
              Try Again
            </button>
          </div>
        ) : (
          <ShopSettingsForm settings={settings.data} />
        )}
        {me && <AccountSettingsForm key={me._id} me={me} />}
      </div>
    </section>
  );
}
