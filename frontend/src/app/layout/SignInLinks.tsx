import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

/** Login and Register, each with the look its place gives it. */
export function SignInLinks({ login, register }: { login: string; register: string }) {
  return (
    <>
      <Link to="/login" className={login}>
        <Trans>Login</Trans>
      </Link>
      <Link to="/register" className={register}>
        <Trans>Register</Trans>
      </Link>
    </>
  );
}
