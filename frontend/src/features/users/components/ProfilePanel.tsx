import { useState, type FormEvent } from 'react';
import { formatPhone } from '@/lib/phone-format';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { ContactFields, NewPasswordFields } from '@/components/forms/AccountFields';
import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import type { UpdateUserRequest, User } from '@/lib/types';
import {
  compact,
  MIN_PASSWORD_LENGTH,
  validateConfirmation,
  validateAccountEmail,
  validateName,
  validatePhone,
  type FieldErrors,
} from '@/lib/validation';
import { useUpdateUser } from '@/lib/api/users';
import { roleName } from '@/lib/roles';

type Field = 'name' | 'email' | 'phone' | 'currentPassword' | 'newPassword' | 'confirmPassword';
type Form = Record<Field, string>;

/** The fields the server may name in `errors`: the new password is sent as `password`, the confirmation not at all. */
const SENT_FIELDS: readonly Field[] = ['name', 'email', 'phone', 'currentPassword', 'newPassword'];

const formFrom = (user: User): Form => ({
  name: user.name ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

/**
 * `withoutEmail`: the stored account has no e-mail (staff made it by phone), so a blank one is
 * fine (sent as '', it stays without one) and an e-mail is checked only once typed.
 */
export function validateProfile(form: Form, withoutEmail = false): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {
    name: validateName(form.name),
    email: validateAccountEmail(form.email, withoutEmail),
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
  const form = useFormFields<Field>(() => formFrom(user));

  const update = useUpdateUser({
    onSuccess: (saved) => {
      toast.success(t`Profile updated successfully`);
      form.reset(formFrom(saved));
      setEditing(false);
    },
    onError: (err) => {
      form.addErrors(serverFieldErrors(err, SENT_FIELDS, { newPassword: 'password' }));
      toast.error(errorMessage(err, t`Profile update failed`));
    },
  });

  const cancel = () => {
    form.reset(formFrom(user));
    setEditing(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check((values) => validateProfile(values, user.email === null))) return;
    const { name, email, phone, currentPassword, newPassword } = form.values;
    // An account without an e-mail sends '' while the field is blank, and stays without one.
    const body: UpdateUserRequest = { name: name.trim(), email: email.trim(), phone: phone.trim() };
    if (newPassword) {
      body.password = newPassword;
      body.currentPassword = currentPassword;
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
          <Detail label={t`Email address`} value={user.email ?? t`Not given`} />
          <Detail label={t`Phone number`} value={formatPhone(user.phone)} />
          <Detail label={t`Account type`} value={roleName(user.role)} />
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
        <ContactFields name={form.bind('name')} email={form.bind('email')} phone={form.bind('phone')} />
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
              type="password"
              autoComplete="current-password"
              {...form.bind('currentPassword')}
            />
            <NewPasswordFields password={form.bind('newPassword')} confirmation={form.bind('confirmPassword')} replacing />
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
