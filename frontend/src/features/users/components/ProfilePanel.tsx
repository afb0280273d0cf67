import { useState, type ChangeEvent, type FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { UpdateUserRequest, User } from '@/lib/types';
import {
  compact,
  hasErrors,
  MIN_PASSWORD_LENGTH,
  validateConfirmation,
  validateEmail,
  validateName,
  validatePhone,
  type FieldErrors,
} from '@/lib/validation';
import { useUpdateUser } from '@/lib/api/users';

type Field = 'name' | 'email' | 'phone' | 'currentPassword' | 'newPassword' | 'confirmPassword';
type Form = Record<Field, string>;

const formFrom = (user: User): Form => ({
  name: user.name ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

export function validateProfile(form: Form): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {
    name: validateName(form.name),
    email: validateEmail(form.email),
    phone: validatePhone(form.phone),
  };
  if (form.newPassword) {
    errors.currentPassword = form.currentPassword ? undefined : t`Current password is required`;
    errors.newPassword =
      form.newPassword.length < MIN_PASSWORD_LENGTH ? t`Password must be at least 6 characters` : undefined;
    errors.confirmPassword = validateConfirmation(form.newPassword, form.confirmPassword);
  }
  return compact(errors);
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 break-words text-stone-900 sm:col-span-2 sm:mt-0">{value}</dd>
    </div>
  );
}

/** Profile tab: the stored user, and an edit form (with an optional password change). */
export function ProfilePanel({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Form>(() => formFrom(user));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const update = useUpdateUser({
    onSuccess: (saved) => {
      toast.success(t`Profile updated successfully`);
      setForm(formFrom(saved));
      setErrors({});
      setEditing(false);
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        const fe = err.fieldErrors;
        setErrors((e) => ({
          ...e,
          ...(fe.name ? { name: fe.name } : {}),
          ...(fe.email ? { email: fe.email } : {}),
          ...(fe.phone ? { phone: fe.phone } : {}),
          ...(fe.currentPassword ? { currentPassword: fe.currentPassword } : {}),
          ...(fe.password ? { newPassword: fe.password } : {}),
        }));
      }
      toast.error(errorMessage(err, t`Profile update failed`));
    },
  });

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const cancel = () => {
    setForm(formFrom(user));
    setErrors({});
    setEditing(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    if (hasErrors(found)) return;
    const body: UpdateUserRequest = { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim() };
    if (form.newPassword) {
      body.password = form.newPassword;
      body.currentPassword = form.currentPassword;
    }
    update.mutate({ id: user._id, input: body });
  };

  if (!editing) {
    return (
      <section aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-title" className="text-xl font-bold">
            <Trans>Profile Information</Trans>
          </h2>
          <button type="button" className={btn.secondary} onClick={() => setEditing(true)}>
            <Trans>Edit Profile</Trans>
          </button>
        </div>
        {user.mustChangePassword && (
          <p role="note" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
            <Trans>Your account uses a temporary password. Please choose a new one with Edit Profile.</Trans>
          </p>
        )}
        <dl className="mt-4 divide-y divide-stone-100">
          <Detail label={t`Full name`} value={user.name} />
          <Detail label={t`Email address`} value={user.email} />
          <Detail label={t`Phone number`} value={user.phone} />
          <Detail label={t`Account type`} value={user.role === 'admin' ? t`Admin` : t`Customer`} />
        </dl>
        <button type="button" className={`${btn.secondary} mt-6 text-red-700`} onClick={onSignOut}>
          <Trans>Sign Out</Trans>
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="edit-title">
      <h2 id="edit-title" className="text-xl font-bold">
        <Trans>Edit Profile</Trans>
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField label={t`Full Name`} name="name" autoComplete="name" value={form.name} onChange={change('name')} error={errors.name} />
        <TextField
          label={t`Email Address`}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={change('email')}
          error={errors.email}
        />
        <TextField
          label={t`Phone Number`}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={change('phone')}
          error={errors.phone}
        />
        <fieldset className="rounded-xl border border-stone-200 p-4">
          <legend className="px-1 font-semibold">
            <Trans>Change Password</Trans>
          </legend>
          <p className="mb-3 text-sm text-stone-600">
            <Trans>Leave blank to keep your current password.</Trans>
          </p>
          <div className="space-y-4">
            <TextField
              label={t`Current Password`}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={form.currentPassword}
              onChange={change('currentPassword')}
              error={errors.currentPassword}
            />
            <TextField
              label={t`New Password`}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={form.newPassword}
              onChange={change('newPassword')}
              error={errors.newPassword}
            />
            <TextField
              label={t`Confirm New Password`}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={change('confirmPassword')}
              error={errors.confirmPassword}
            />
          </div>
        </fieldset>
        <div className="flex gap-3">
          <button type="button" className={btn.secondary} onClick={cancel} disabled={update.isPending}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={btn.primary} disabled={update.isPending}>
            {update.isPending ? t`Saving...` : t`Save Changes`}
          </button>
        </div>
      </form>
    </section>
  );
}
