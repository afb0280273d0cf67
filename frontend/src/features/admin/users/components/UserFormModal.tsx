/** Add New User / Edit User. Creating sends POST /api/auth/register with the admin's token and the role. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { btn } from '@/components/ui/styles';
import { useCreateUser, useUpdateUser } from '@/lib/api/users';
import type { AdminCreateUserReply, Role, User } from '@/lib/types';
import { hasErrors, type FieldErrors } from '@/lib/validation';
import { TextField, SelectField } from '../../components/fields';
import { Modal } from '../../components/Modal';
import { adminErrorMessage, logError, serverFieldErrors } from '../../lib/errors';
import { emptyUserForm, USER_FIELDS, userFormFrom, validateUserForm, type UserField, type UserForm } from '../user-form';

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
  const editing = Boolean(user);
  const [form, setForm] = useState<UserForm>(() => (user ? userFormFrom(user) : emptyUserForm()));
  const [errors, setErrors] = useState<FieldErrors<UserField>>({});

  const onError = (err: unknown) => {
    logError('Failed to save user', err);
    setErrors((e) => ({ ...e, ...serverFieldErrors(err, USER_FIELDS) }));
    toast.error(adminErrorMessage(err, 'Failed to save user'));
  };
  const create = useCreateUser({
    onSuccess: (reply) => {
      toast.success('User created successfully');
      onCreated(reply);
    },
    onError,
  });
  const update = useUpdateUser({
    onSuccess: () => {
      toast.success('User updated successfully');
      onUpdated();
    },
    onError,
  });
  const busy = create.isPending || update.isPending;

  const set = (f: UserField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.value;
    setForm((s) => ({ ...s, [f]: value }));
    if (errors[f]) setErrors(({ [f]: _cleared, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateUserForm(form);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    const body = { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), role: form.role };
    if (user) update.mutate({ id: user._id, input: body });
    else create.mutate(body);
  };

  return (
    <Modal title={editing ? 'Edit User' : 'Add New User'} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Full Name" name="name" autoComplete="off" value={form.name} onChange={set('name')} error={errors.name} data-autofocus />
        <TextField label="Email Address" name="email" type="email" autoComplete="off" value={form.email} onChange={set('email')} error={errors.email} />
        <TextField label="Phone Number" name="phone" type="tel" autoComplete="off" value={form.phone} onChange={set('phone')} error={errors.phone} />
        <SelectField label="Role" name="role" value={form.role} onChange={set('role')} error={errors.role}>
          <option value={'user' satisfies Role}>Customer</option>
          <option value={'admin' satisfies Role}>Admin</option>
        </SelectField>
        {!editing && (
          <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
            A default password will be set for this user. The user should change it after first login.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Update User' : 'Create User'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
