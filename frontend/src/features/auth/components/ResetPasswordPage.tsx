/**
 * /reset-password?email=: the 6-digit code sent by e-mail and a new password. On success the
 * server's message is toasted and the shopper signs in at /login with the new password. A
 * wrong or expired code, or too many tries, shows the server's message in the banner (and
 * its per-field messages under the fields).
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  compact,
  hasErrors,
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

/** The server's per-field messages for the fields of this form. */
function serverFieldErrors(err: unknown): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  if (err instanceof ApiError) for (const f of SENT_FIELDS) if (err.fieldErrors[f]) out[f] = err.fieldErrors[f];
  return out;
}

export function ResetPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Choose a new password`);
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>(() => ({ email: params.get('email') ?? '', code: '', password: '', confirmPassword: '' }));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();

  const reset = useResetPassword({
    onSuccess: (reply) => {
      if (reply?.message) toast.success(reply.message);
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      setErrors((e) => ({ ...e, ...serverFieldErrors(err) }));
      setError(errorMessage(err, t`Password reset failed`));
    },
  });

  if (signedIn) return <Navigate to="/" replace />;

  const update = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    // A field's error clears as it is edited.
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    const found = validateResetPassword(form);
    setErrors(found);
    if (hasErrors(found)) return;
    setError(null);
    // The confirmation is not sent.
    reset.mutate({ email: form.email.trim(), code: normalizeResetCode(form.code), password: form.password });
  };

  return (
    <AuthShell
      title={t`Choose a new password`}
      subtitle={t`Enter the 6-digit code we sent to your e-mail and the password you want to use from now on.`}
    >
      <ErrorBanner message={error} testId="reset-password-error" />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t`Email Address`}
          type="email"
          name="email"
          autoComplete="username"
          value={form.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          label={t`Code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          value={form.code}
          onChange={update('code')}
          error={errors.code}
        />
        <TextField
          label={t`New Password`}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          error={errors.password}
        />
        <TextField
          label={t`Confirm New Password`}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          error={errors.confirmPassword}
        />
        <button type="submit" className={`${btn.primary} w-full`} disabled={reset.isPending}>
          {reset.isPending ? t`Saving...` : t`Set New Password`}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        <Trans>
          No code, or too late?{' '}
          <Link to="/forgot-password" state={forgotPasswordState(form.email)} className="font-semibold text-brand-700 hover:underline">
            Send a new code
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
