/**
 * Admin settings (/admin/settings), wired: the shop's settings (GET/PUT /api/settings) and the
 * signed-in admin's own e-mail and password (PUT /api/users/{ownId}).
 */
import type { FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';
import { toast } from '@/lib/toast';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { useSettings, useUpdateSettings } from '@/lib/api/settings';
import { useUpdateUser } from '@/lib/api/users';
import type { Settings, UpdateUserRequest, User } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { compact, MIN_PASSWORD_LENGTH, validateConfirmation, validateEmail, type FieldErrors } from '@/lib/validation';
import { useSession } from '@/stores/session';
import { MoneyField, SaveButton, TextField } from '../../components/fields';
import { adminErrorMessage, logError } from '../../lib/errors';
import { admin } from '../../lib/ui';

type ShopField = 'shopName' | 'supportPhone' | 'supportEmail' | 'shippingFee' | 'cashOnDeliveryMax';
const SHOP_FIELDS: readonly ShopField[] = ['shopName', 'supportPhone', 'supportEmail', 'shippingFee', 'cashOnDeliveryMax'];
/** The most an order paid in cash on delivery may come to, in dollars (the server's bound). */
const MAX_CASH_ON_DELIVERY = 10000;
type ShopForm = Record<ShopField, string>;

const shopFormFrom = (s: Settings): ShopForm => ({
  shopName: s.shopName ?? '',
  supportPhone: s.supportPhone ?? '',
  supportEmail: s.supportEmail ?? '',
  shippingFee: String(s.shippingFee ?? 0),
  cashOnDeliveryMax: String(s.cashOnDeliveryMax ?? 0),
});

/** Dollars as sent: rounded to the cent. */
const dollars = (text: string) => Math.round(Number(text) * 100) / 100;

export function validateShopForm(f: ShopForm): FieldErrors<ShopField> {
  const fee = f.shippingFee.trim() === '' ? NaN : Number(f.shippingFee);
  const cashMax = f.cashOnDeliveryMax.trim() === '' ? NaN : Number(f.cashOnDeliveryMax);
  return compact<ShopField>({
    shopName: f.shopName.trim() ? undefined : t`Shop name is required`,
    supportPhone: f.supportPhone.trim() ? undefined : t`Support phone is required`,
    supportEmail: validateEmail(f.supportEmail),
    shippingFee: fee >= 0 ? undefined : t`Shipping fee must be 0 or more`,
    cashOnDeliveryMax:
      cashMax >= 0 && cashMax <= MAX_CASH_ON_DELIVERY ? undefined : t`The most paid in cash must be between 0 and 10000`,
  });
}

function ShopSettingsForm({ settings }: { settings: Settings }) {
  const { t } = useLingui();
  const { values: form, bind, check, addErrors, reset } = useFormFields<ShopField>(() => shopFormFrom(settings));
  const save = useUpdateSettings({
    onSuccess: (saved) => {
      reset(shopFormFrom(saved));
      toast.success(t`Settings saved`);
    },
    onError: (err) => {
      logError('Failed to save settings', err);
      addErrors(serverFieldErrors(err, SHOP_FIELDS));
      toast.error(adminErrorMessage(err, t`Failed to save settings`));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check(validateShopForm)) return;
    save.mutate({
      shopName: form.shopName.trim(),
      supportPhone: form.supportPhone.trim(),
      supportEmail: form.supportEmail.trim(),
      shippingFee: dollars(form.shippingFee),
      cashOnDeliveryMax: dollars(form.cashOnDeliveryMax),
    });
  };
  return (
    <section aria-labelledby="shop-settings" className={admin.card}>
      <h2 id="shop-settings" className="text-lg font-semibold">
        <Trans>Shop settings</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>Shown in the storefront's header, footer and checkout.</Trans>
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label={t`Shop name`} {...bind('shopName')} className="sm:col-span-2" />
        <TextField label={t`Support phone`} type="tel" {...bind('supportPhone')} />
        <TextField label={t`Support email`} type="email" {...bind('supportEmail')} />
        <MoneyField label={t`Shipping fee ($)`} {...bind('shippingFee')} hint={t`Added to every order, unless delivery zones set the fee`} />
        <MoneyField
          label={t`Most paid in cash on delivery ($)`}
          {...bind('cashOnDeliveryMax')}
          max={MAX_CASH_ON_DELIVERY}
          hint={t`Orders totalling more are paid another way`}
        />
        <div className="flex items-end sm:col-span-2">
          <SaveButton busy={save.isPending} label={t`Save Settings`} />
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
    errors.currentPassword = f.currentPassword ? undefined : t`Current password is required`;
    errors.password = f.password.length < MIN_PASSWORD_LENGTH ? t`Password must be at least 6 characters` : undefined;
    errors.confirmPassword = validateConfirmation(f.password, f.confirmPassword);
  }
  return compact(errors);
}

function AccountSettingsForm({ me }: { me: User }) {
  const { t } = useLingui();
  const blank = (email: string): AccountForm => ({ email, currentPassword: '', password: '', confirmPassword: '' });
  const { values: form, bind, check, addErrors, reset } = useFormFields<AccountField>(() => blank(me.email ?? ''));
  const update = useUpdateUser({
    onSuccess: (saved) => {
      toast.success(t`Profile updated successfully`);
      reset(blank(saved.email ?? ''));
    },
    onError: (err) => {
      logError('Profile update failed', err);
      addErrors(serverFieldErrors(err, ['email', 'currentPassword', 'password'] as const));
      toast.error(adminErrorMessage(err, t`Profile update failed`));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check(validateAccountForm)) return;
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
        <Trans>Your admin account</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>Change the e-mail you sign in with, or your password.</Trans>
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label={t`Admin email`} type="email" autoComplete="email" {...bind('email')} className="sm:col-span-2" />
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          {...bind('currentPassword')}
          hint={t`Needed to change the password`}
          className="sm:col-span-2"
        />
        <TextField label={t`New password`} type="password" autoComplete="new-password" {...bind('password')} />
        <TextField label={t`Confirm new password`} type="password" autoComplete="new-password" {...bind('confirmPassword')} />
        <div className="sm:col-span-2">
          <SaveButton busy={update.isPending} label={t`Save Changes`} />
        </div>
      </form>
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Settings`);
  const settings = useSettings();
  const me = useSession((s) => s.user);
  return (
    <section>
      <h1 className={admin.pageTitle}>
        <Trans>Settings</Trans>
      </h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        {settings.isPending ? (
          <PageLoading text={t`Loading settings...`} />
        ) : settings.isError ? (
          <RetryAlert onRetry={() => void settings.refetch()}>
            <Trans>Failed to load settings</Trans>
          </RetryAlert>
        ) : (
          <ShopSettingsForm settings={settings.data} />
        )}
        {me && <AccountSettingsForm key={me._id} me={me} />}
      </div>
    </section>
  );
}
