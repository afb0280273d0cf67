/**
 * /reset-password?email=: the 6-digit code sent by e-mail and a new password. On success the
 * server's message is toasted and the shopper signs in at /login with the new password. A
 * wrong or expired code, or too many tries, shows the server's message in the banner (and
 * its per-field messages under the fields).
 */
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmailField, NewPasswordFields } from '@/components/forms/AccountFields';
import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  compact,
  normalizeResetCode,
  validateConfirmation,
  validateEmail,
  validateNewPassword,
  validateResetCode,
  type FieldErrors,
} from '@/lib/validation';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useResetPassword } from '../api/password-reset';
import { forgotPasswordState } from '../password-reset';
import { AuthShell } from './AuthShell';
import { ErrorBanner } from './ErrorBanner';

type Field = 'email' | 'code' | 'password' | 'confirmPassword';
type Form = Record<Field, string>;

/** The fields the server may name in `errors` (the confirmation is not sent). */
const SENT_FIELDS: readonly Field[] = ['email', 'code', 'password'];

export function validateResetPassword(form: Form): FieldErrors<Field> {
  return compact<Field>({
    email: validateEmail(form.email),
    code: validateResetCode(form.code),
    password: validateNewPassword(form.password),
    confirmPassword: validateConfirmation(form.password, form.confirmPassword),
  });
}

export function ResetPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Choose a new password`);
  const [params] = useSearchParams();
  const form = useFormFields<Field>(() => ({ email: params.get('email') ?? '', code: '', password: '', confirmPassword: '' }));
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();

  const reset = useResetPassword({
    onSuccess: (reply) => {
      if (reply?.message) toast.success(reply.message);
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      form.addErrors(serverFieldErrors(err, SENT_FIELDS));
      setError(errorMessage(err, t`Password reset failed`));
    },
  });

  if (signedIn) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    if (!form.check(validateResetPassword)) return;
    setError(null);
    const { email, code, password } = form.values;
    // The confirmation is not sent.
    reset.mutate({ email: email.trim(), code: normalizeResetCode(code), password });
  };

  return (
    <AuthShell
      title={t`Choose a new password`}
      subtitle={t`Enter the 6-digit code we sent to your e-mail and the password you want to use from now on.`}
    >
      <ErrorBanner message={error} testId="reset-password-error" />
      <form onSubmit={submit} noValidate className="space-y-4">
        <EmailField autoComplete="username" {...form.bind('email')} />
        <TextField label={t`Code`} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" {...form.bind('code')} />
        <NewPasswordFields password={form.bind('password')} confirmation={form.bind('confirmPassword')} replacing />
        <button type="submit" className={`${btn.primary} w-full`} disabled={reset.isPending}>
          {reset.isPending ? t`Saving...` : t`Set New Password`}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        <Trans>
          No code, or too late?{' '}
          <Link
            to="/forgot-password"
            state={forgotPasswordState(form.values.email)}
            className="font-semibold text-brand-700 hover:underline"
          >
            Send a new code
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
