/**
 * /forgot-password: asks for the account's e-mail and has a 6-digit code sent to it. The
 * server answers alike whether or not the account exists; its message is toasted and the
 * shopper goes on to /reset-password?email= to type the code.
 */
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { validateEmail } from '@/lib/validation';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useForgotPassword } from '../api/password-reset';
import { emailFromState, resetPasswordUrl } from '../password-reset';
import { AuthShell } from './AuthShell';
import { ErrorBanner } from './ErrorBanner';

export function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Reset your password`);
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();

  const send = useForgotPassword({
    onSuccess: (reply, { email: sentTo }) => {
      if (reply?.message) toast.success(reply.message);
      navigate(resetPasswordUrl(sentTo));
    },
    onError: (err) => setError(errorMessage(err, t`Failed to send the code`)),
  });

  if (signedIn) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const found = validateEmail(email);
    setEmailError(found);
    if (found) return;
    setError(null);
    send.mutate({ email: email.trim() });
  };

  return (
    <AuthShell title={t`Reset your password`} subtitle={t`Enter the e-mail of your account and we will send you a 6-digit code.`}>
      <ErrorBanner message={error} testId="forgot-password-error" />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t`Email Address`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(undefined);
          }}
          error={emailError}
        />
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
