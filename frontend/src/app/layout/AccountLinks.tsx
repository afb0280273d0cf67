import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useCan, useWorksInBackOffice } from '@/lib/permissions';
import { useLogout } from '../hooks';

/** Profile, Back-in-stock requests, My deliveries (for whoever delivers: `deliveries.own`), Admin Dashboard (for admins and staff: whoever has a part of the back office) and Logout, as the account menu (`role` 'menuitem') and the mobile menu draw them. */
export function AccountLinks({ role, link, logout }: { role?: 'menuitem'; link: string; logout: string }) {
  const admin = useWorksInBackOffice();
  const rider = useCan()('deliveries.own');
  const signOut = useLogout();
  return (
    <>
      <Link role={role} to="/profile" className={link}>
        <Trans>Profile</Trans>
      </Link>
      <Link role={role} to="/back-in-stock" className={link}>
        <Trans>Back-in-stock requests</Trans>
      </Link>
      {rider && (
        <Link role={role} to="/deliveries" className={link}>
          <Trans>My deliveries</Trans>
        </Link>
      )}
      {admin && (
        <Link role={role} to="/admin" className={link}>
          <Trans>Admin Dashboard</Trans>
        </Link>
      )}
      <button role={role} type="button" onClick={signOut} className={logout}>
        <Trans>Logout</Trans>
      </button>
    </>
  );
}
