import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { ContactFields, NewPasswordFields } from '@/components/forms/AccountFields';
import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import {
  compact,
  validateConfirmation,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePhone,
  type FieldErrors,
} from '@/lib/validation';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useAfterSignIn } from '../after-sign-in';
import { useRegister } from '../api/auth';
import { AuthShell } from './AuthShell';
import { usePageTitle } from '@/lib/use-page-title';

const FIELDS = ['name', 'email', 'phone', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
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
  const form = useFormFields<Field>({ name: '', email: '', phone: '', password: '', confirmPassword: '' });
  const [justRegistered, setJustRegistered] = useState(false);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();

  const register = useRegister({
    onSuccess: (reply) => {
      setJustRegistered(true);
      // What was said before ('Please log in to add to cart', a refused try) is over.
      toast.dismiss();
      toast.success(t`Registered successfully`);
      if (!(reply.token && reply.user)) {
        navigate('/login', { replace: true });
        return;
      }
      // Signed in: finish what the shopper was doing when sent to sign in and go back to it
      // (the saved return address first); with nothing to finish, home.
      const goBack = (back: string | null) => {
        const returnTo = back && (useSession.getState().takeReturnTo() ?? back);
        navigate(returnTo || '/', { replace: true });
      };
      void afterSignIn().then(goBack, () => goBack(null));
    },
    onError: (err) => {
      form.addErrors(serverFieldErrors(err, FIELDS));
      toast.error(errorMessage(err, t`Registration failed`));
    },
  });

  if (signedIn && !justRegistered && !register.isPending) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(validateRegistration)) return;
    const { name, email, phone, password } = form.values;
    // The confirmation is not sent.
    register.mutate({ name: name.trim(), email: email.trim(), phone: phone.trim(), password });
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
        <ContactFields
          name={form.bind('name')}
          email={form.bind('email')}
          phone={form.bind('phone')}
          phonePlaceholder="61 234 5678"
        />
        <NewPasswordFields password={form.bind('password')} confirmation={form.bind('confirmPassword')} />
        <button type="submit" className={`${btn.primary} w-full`} disabled={register.isPending}>
          {register.isPending ? t`Creating Account...` : t`Create Account`}
        </button>
      </form>
    </AuthShell>
  );
}
