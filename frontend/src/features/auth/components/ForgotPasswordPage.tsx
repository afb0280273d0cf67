/**
 * /forgot-password: asks for the account's e-mail (or, for an account without one, its mobile
 * number) and has a 6-digit code sent to it, by e-mail or by SMS. The server answers alike
 * whether or not the account exists; its message is toasted and the shopper goes on to
 * /reset-password?email= (or ?phone=) to type the code. The server judges a number's shape:
 * its message shows under the field.
 */
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { compact } from '@/lib/validation';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useForgotPassword } from '../api/password-reset';
import {
  accountFields,
  accountFromState,
  accountId,
  kindOf,
  resetPasswordUrl,
  validateAccount,
  type AccountKind,
} from '../password-reset';
import { AccountField, useAccountKind } from './AccountField';
import { AuthShell } from './AuthShell';
import { ErrorBanner } from './ErrorBanner';

export function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Reset your password`);
  const location = useLocation();
  // What /login or the code's page carried: an e-mail or a phone number.
  const carried = accountFromState(location.state);
  const account = useAccountKind(kindOf(carried));
  const typed = useFormFields<AccountKind>(() => accountFields(carried));
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();

  const send = useForgotPassword({
    onSuccess: (reply, sentTo) => {
      if (reply?.message) toast.success(reply.message);
      navigate(resetPasswordUrl(sentTo));
    },
    onError: (err, sentTo) => {
      typed.addErrors(serverFieldErrors(err, [kindOf(sentTo)]));
      setError(errorMessage(err, t`Failed to send the code`));
    },
  });

  if (signedIn) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const named = accountId(account.kind, typed.values[account.kind]);
    if (!typed.check(() => compact({ [account.kind]: validateAccount(named) }))) return;
    setError(null);
    send.mutate(named);
  };

  return (
    <AuthShell
      title={t`Reset your password`}
      subtitle={
        account.kind === 'phone'
          ? t`Enter the phone number of your account and we will send you a 6-digit code by SMS.`
          : t`Enter the e-mail of your account and we will send you a 6-digit code.`
      }
    >
      <ErrorBanner message={error} testId="forgot-password-error" />
      <form onSubmit={submit} noValidate className="space-y-4">
        <AccountField kind={account.kind} autoFocus={account.swapped} onSwap={account.swap} {...typed.bind(account.kind)} />
        <button type="submit" className={`${btn.primary} w-full`} disabled={send.isPending}>
          {send.isPending ? t`Sending...` : t`Send Code`}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        <Trans>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
