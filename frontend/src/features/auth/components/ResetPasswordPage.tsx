/**
 * /reset-password?email= (or ?phone= for an account without an e-mail): the 6-digit code sent
 * by e-mail (or by SMS) and a new password. On success the server's message is toasted and the
 * shopper signs in at /login with the new password. A wrong or expired code, or too many tries,
 * shows the server's message in the banner (and its per-field messages under the fields).
 */
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { NewPasswordFields } from '@/components/forms/AccountFields';
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
  validateNewPassword,
  validateResetCode,
  type FieldErrors,
} from '@/lib/validation';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useResetPassword } from '../api/password-reset';
import {
  accountFields,
  accountFromSearch,
  accountId,
  forgotPasswordState,
  kindOf,
  validateAccount,
  type AccountKind,
} from '../password-reset';
import { AccountField } from './AccountField';
import { AuthShell } from './AuthShell';
import { ErrorBanner } from './ErrorBanner';

type Field = AccountKind | 'code' | 'password' | 'confirmPassword';
type Form = Record<Field, string>;

/** The account named by `kind` (its e-mail, or its phone), a code and a new password. */
export function validateResetPassword(form: Form, kind: AccountKind): FieldErrors<Field> {
  return compact<Field>({
    [kind]: validateAccount(accountId(kind, form[kind])),
    code: validateResetCode(form.code),
    password: validateNewPassword(form.password),
    confirmPassword: validateConfirmation(form.password, form.confirmPassword),
  });
}

export function ResetPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Choose a new password`);
  const [params] = useSearchParams();
  // The URL names the account the code was sent for: ?email=, or ?phone= (then the field is the phone's).
  const [account] = useState(() => accountFromSearch(params));
  const kind = kindOf(account);
  const form = useFormFields<Field>(() => ({ ...accountFields(account), code: '', password: '', confirmPassword: '' }));
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();

  const reset = useResetPassword({
    onSuccess: (reply) => {
      if (reply?.message) toast.success(reply.message);
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      // The fields the server may name in `errors` (the confirmation is not sent).
      form.addErrors(serverFieldErrors(err, [kind, 'code', 'password']));
      setError(errorMessage(err, t`Password reset failed`));
    },
  });

  if (signedIn) return <Navigate to="/" replace />;

  /** The account as typed: `{email}`, or `{phone}`. */
  const named = accountId(kind, form.values[kind]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    if (!form.check((values) => validateResetPassword(values, kind))) return;
    setError(null);
    const { code, password } = form.values;
    // The confirmation is not sent.
    reset.mutate({ ...named, code: normalizeResetCode(code), password });
  };

  return (
    <AuthShell
      title={t`Choose a new password`}
      subtitle={
        kind === 'phone'
          ? t`Enter the 6-digit code we sent to your phone by SMS and the password you want to use from now on.`
          : t`Enter the 6-digit code we sent to your e-mail and the password you want to use from now on.`
      }
    >
      <ErrorBanner message={error} testId="reset-password-error" />
      <form onSubmit={submit} noValidate className="space-y-4">
        <AccountField kind={kind} autoComplete="username" {...form.bind(kind)} />
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
            state={forgotPasswordState(named)}
            className="font-semibold text-brand-700 hover:underline"
          >
            Send a new code
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
