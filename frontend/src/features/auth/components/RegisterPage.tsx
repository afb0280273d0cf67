import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  compact,
  hasErrors,
  validateConfirmation,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePhone,
  type FieldErrors,
} from '@/lib/validation';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useRegister } from '../api/auth';
import { AuthShell } from './AuthShell';
import { usePageTitle } from '@/lib/use-page-title';

type Field = 'name' | 'email' | 'phone' | 'password' | 'confirmPassword';
type Form = Record<Field, string>;

export function validateRegistration(form: Form): FieldErrors<Field> {
  return compact<Field>({
    name: validateName(form.name),
    email: validateEmail(form.email),
    phone: validatePhone(form.phone),
    password: validateNewPassword(form.password),
    confirmPassword: validateConfirmation(form.password, form.confirmPassword),
  });
}

export function RegisterPage() {
  const { t } = useLingui();
  usePageTitle(t`Create Account`);
  const [form, setForm] = useState<Form>({ name: '', email: '', phone: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [justRegistered, setJustRegistered] = useState(false);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();

  const register = useRegister({
    onSuccess: (reply) => {
      setJustRegistered(true);
      toast.success(t`Registered successfully`);
      navigate(reply.token && reply.user ? '/' : '/login', { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        setErrors((e) => ({ ...e, ...(err.fieldErrors as FieldErrors<Field>) }));
      }
      toast.error(errorMessage(err, t`Registration failed`));
    },
  });

  if (signedIn && !justRegistered && !register.isPending) return <Navigate to="/" replace />;

  const update = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    // A field's error clears as it is edited.
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (hasErrors(found)) return;
    // The confirmation is not sent.
    register.mutate({ name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), password: form.password });
  };

  return (
    <AuthShell
      title={t`Create your account`}
      subtitle={
        <Trans>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </Trans>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t`Full Name`} name="name" autoComplete="name" value={form.name} onChange={update('name')} error={errors.name} />
        <TextField
          label={t`Email Address`}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          label={t`Phone Number`}
          type="tel"
          name="phone"
          autoComplete="tel"
          placeholder="61 234 5678"
          value={form.phone}
          onChange={update('phone')}
          error={errors.phone}
        />
        <TextField
          label={t`Password`}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          error={errors.password}
        />
        <TextField
          label={t`Confirm Password`}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          error={errors.confirmPassword}
        />
        <button type="submit" className={`${btn.primary} w-full`} disabled={register.isPending}>
          {register.isPending ? t`Creating Account...` : t`Create Account`}
        </button>
      </form>
    </AuthShell>
  );
}
