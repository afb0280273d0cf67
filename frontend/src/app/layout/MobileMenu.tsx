import { NavLink } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '@/components/ui/LanguageSwitch';
import { btn } from '@/components/ui/styles';
import { useSession } from '@/stores/session';
import { AccountLinks } from './AccountLinks';
import { navClass, NavLinks } from './nav-links';
import { SignInLinks } from './SignInLinks';

/** The small screens' menu (#mobile-menu): the sections, wishlist and cart (not for a rider), the language, and the account or sign-in. */
export function MobileMenu({ signedIn, rider = false }: { signedIn: boolean; rider?: boolean }) {
  const user = useSession((s) => s.user);
  const { t } = useLingui();
  return (
    <div id="mobile-menu" className="border-t border-stone-100 bg-white md:hidden">
      <nav aria-label={t`Mobile`} className="flex flex-col px-4 py-2">
        <NavLinks />
        {!rider && (
          <>
            <NavLink to="/wishlist" className={navClass}>
              <Trans>Wishlist</Trans>
            </NavLink>
            <NavLink to="/cart" className={navClass}>
              <Trans>Cart</Trans>
            </NavLink>
          </>
        )}
      </nav>
      <div className="border-t border-stone-100 px-4 py-3">
        <LanguageSwitch />
      </div>
      <div className="border-t border-stone-100 px-4 py-3">
        {signedIn && user ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-3 pb-2">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
                {(user.name || '?').charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.name}</p>
                <p className="truncate text-sm text-stone-600">{user.email}</p>
              </div>
            </div>
            <AccountLinks
              link={navClass({ isActive: false })}
              logout="min-h-11 rounded-md px-3 py-2 text-left text-sm font-medium text-red-700"
            />
          </div>
        ) : (
          <div className="flex gap-2">
            <SignInLinks login={`${btn.secondary} flex-1`} register={`${btn.primary} flex-1`} />
          </div>
        )}
      </div>
    </div>
  );
}
