/** The admin user form: state and checks (name, e-mail and phone required, but an account staff made without an e-mail may stay so; role not checked). */
import { t } from '@lingui/core/macro';
import type { Role, User } from '@/lib/types';
import { compact, validateAccountEmail, validateName, validatePhone, type FieldErrors } from '@/lib/validation';

export type UserField = 'name' | 'email' | 'phone' | 'role';
export const USER_FIELDS: readonly UserField[] = ['name', 'email', 'phone', 'role'];
export interface UserForm {
  name: string;
  email: string;
  phone: string;
  role: Role;
}

export const emptyUserForm = (): UserForm => ({ name: '', email: '', phone: '', role: 'user' });
export const userFormFrom = (u: User): UserForm => ({ name: u.name ?? '', email: u.email ?? '', phone: u.phone ?? '', role: u.role ?? 'user' });

/** `editing`: the stored account, when the form edits one (one without an e-mail may stay so). */
export function validateUserForm(form: UserForm, editing?: Pick<User, 'email'> | null): FieldErrors<UserField> {
  return compact<UserField>({
    name: validateName(form.name),
    email: validateAccountEmail(form.email, editing?.email === null),
    phone: validatePhone(form.phone),
  });
}

/** SPEC.md's refusal, in English (the source text of deleteRefusal's message). */
export const SELF_DELETE_REFUSED = 'You cannot delete your own account';

/** Why this deletion is refused in the browser (an admin deleting themselves), in the language shown; or null. */
export function deleteRefusal(target: Pick<User, '_id'>, me: Pick<User, '_id'> | null | undefined): string | null {
  return me && target._id === me._id ? t`You cannot delete your own account` : null;
}

export const deleteUserQuestion = (name: string) =>
  t`Are you sure you want to delete the user "${name}"? This action cannot be undone.`;
