/** Add New User / Edit User. Creating sends POST /api/auth/register with the admin's token and the role. */
import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { Modal } from '@/components/ui/Modal';
import { ROLES } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { useCreateUser, useUpdateUser } from '@/lib/api/users';
import type { AdminCreateUserReply, User } from '@/lib/types';
import { hasErrors } from '@/lib/validation';
import { DialogFormActions, SelectField, TextField } from '../../components/fields';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ROLE_NAMES } from '../../lib/names';
import { useAdminForm } from '../../lib/use-admin-form';
import { emptyUserForm, USER_FIELDS, userFormFrom, validateUserForm } from '../user-form';

export function UserFormModal({
  user,
  onClose,
  onCreated,
  onUpdated,
}: {
  user: User | null;
  onClose: () => void;
  onCreated: (reply: AdminCreateUserReply) => void;
  onUpdated: () => void;
}) {
  const { t } = useLingui();
  const editing = Boolean(user);
  const { values: form, bind, showErrors, addErrors } = useAdminForm(() => (user ? userFormFrom(user) : emptyUserForm()));

  const onError = (err: unknown) => {
    logError('Failed to save user', err);
    addErrors(serverFieldErrors(err, USER_FIELDS));
    toast.error(adminErrorMessage(err, t`Failed to save user`));
  };
  const create = useCreateUser({
    onSuccess: (reply) => {
      toast.success(t`User created successfully`);
      onCreated(reply);
    },
    onError,
  });
  const update = useUpdateUser({
    onSuccess: () => {
      toast.success(t`User updated successfully`);
      onUpdated();
    },
    onError,
  });
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateUserForm(form, user);
    showErrors(found);
    if (hasErrors(found) || busy) return;
    const body = { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), role: form.role };
    if (user) update.mutate({ id: user._id, input: body });
    else create.mutate(body);
  };

  return (
    <Modal title={editing ? t`Edit User` : t`Add New User`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t`Full Name`} {...bind('name')} autoComplete="off" data-autofocus />
        <TextField label={t`Email Address`} {...bind('email')} type="email" autoComplete="off" />
        <TextField label={t`Phone Number`} {...bind('phone')} type="tel" autoComplete="off" />
        <SelectField label={t`Role`} {...bind('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </SelectField>
        {!editing && (
          <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
            <Trans>A default password will be set for this user. The user should change it after first login.</Trans>
          </p>
        )}
        <DialogFormActions busy={busy} label={editing ? t`Update User` : t`Create User`} onCancel={onClose} />
      </form>
    </Modal>
  );
}
