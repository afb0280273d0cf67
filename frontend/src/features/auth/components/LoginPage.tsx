import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import { errorMessage } from '@/lib/api-client';
import { useFormFields } from '@/components/forms/use-form-fields';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { landingAfterSignIn, useAfterSignIn } from '../after-sign-in';
import { useLogin } from '../api/auth';
import { AuthShell } from './AuthShell';
import { ErrorBanner } from './ErrorBanner';
import { accountId, forgotPasswordState, type AccountKind } from '../password-reset';
import { AccountField, useAccountKind } from './AccountField';
import { usePageTitle } from '@/lib/use-page-title';

export function LoginPage() {
  const { t } = useLingui();
  usePageTitle(t`Sign In`);
  // An account without an e-mail signs in with its mobile number.
  const account = useAccountKind('email');
  const typed = useFormFields<AccountKind>({ email: '', phone: '' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSession(selectIsAuthenticated);
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  const redirected = useRef(false);

  /**
   * To the saved return address (the page a signed-out visit was sent here from, a back-office
   * page included), else `back` (what was finished after signing in), else the person's landing
   * (a rider's deliveries, anyone else's home).
   */
  const leave = useCallback(
    (back: string | null) => {
      const { takeReturnTo, user } = useSession.getState();
      const returnTo = takeReturnTo() ?? back;
      // An account made by an admin has a temporary password: ask for a new one first.
      if (user?.mustChangePassword) {
        toast.info(t`Please choose a new password for your account`, { toastId: 'must-change-password' });
        navigate('/profile', { replace: true });
        return;
      }
      navigate(returnTo ?? landingAfterSignIn(user), { replace: true });
    },
    [navigate, t],
  );

  // Signed in already (or other than through this form): on at once.
  useEffect(() => {
    if (!signedIn || redirected.current) return;
    redirected.current = true;
    leave(null);
  }, [leave, signedIn]);

  const login = useLogin({
    onSuccess: (reply) => {
      if (reply.token && reply.user) {
        redirected.current = true;
        // What was said before signing in ('Please log in to add to cart', a failed try) is over.
        toast.dismiss();
        toast.success(t`Logged in successfully`);
        // Finish what the shopper was doing when sent here (the item into the cart), then back to it.
        void afterSignIn().then(leave, () => leave(null));
      } else {
        setError(t`Login failed`);
        toast.error(t`Login failed`);
      }
    },
    onError: (err) => {
      const message = errorMessage(err, t`Login failed`);
      setError(message);
      toast.error(message);
    },
  });

  /** The account typed: `{email}`, or `{phone}` after the switch. */
  const named = accountId(account.kind, typed.values[account.kind]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    login.mutate({ ...named, password });
  };

  return (
    <AuthShell
      title={t`Welcome back`}
      subtitle={
        <Trans>
          New here?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </Trans>
      }
    >
      <ErrorBanner message={error} testId="login-error" />
      <form onSubmit={submit} className="space-y-4">
        <AccountField
          kind={account.kind}
          emailLabel={t`Email`}
          autoFocus={account.swapped}
          onSwap={account.swap}
          {...typed.bind(account.kind)}
        />
        <TextField
          label={t`Password`}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="-my-2 text-right text-sm">
          {/* The e-mail or phone typed so far goes along, so the reset page need not ask for it again. */}
          <Link to="/forgot-password" state={forgotPasswordState(named)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
            <Trans>Forgot password?</Trans>
          </Link>
        </p>
        <button type="submit" className={`${btn.primary} w-full`} disabled={login.isPending}>
          {login.isPending ? t`Signing In...` : t`Sign In`}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        <Trans>
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Register
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
