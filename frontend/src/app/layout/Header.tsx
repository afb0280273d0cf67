import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CartIcon, CloseIcon, HeartIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { btn } from '@/components/ui/styles';
import { useCart } from '@/lib/api/cart';
import { useWishlist } from '@/features/wishlist/api/wishlist';
import { useSettings } from '@/lib/api/settings';
import { useCan } from '@/lib/permissions';
import { useDismiss } from '@/lib/use-dismiss';
import { DEFAULT_SHOP_NAME } from '@/lib/use-page-title';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useUi } from '@/stores/ui';
import { AccountMenu } from './AccountMenu';
import { CountLink } from './CountLink';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './nav-links';
import { SearchBox } from './SearchBox';
import { SignInLinks } from './SignInLinks';
import { SupportBar } from './SupportBar';

/** The shopper's search toggle, wishlist and cart in the header (a rider, at work, has none). */
function ShopperTools() {
  const signedIn = useSession(selectIsAuthenticated);
  const cart = useCart();
  const wishlist = useWishlist();
  const { searchOpen, setSearchOpen } = useUi();
  const { t } = useLingui();
  const cartCount = signedIn ? (cart.data?.itemCount ?? 0) : 0;
  const wishlistCount = signedIn ? (wishlist.data?.products.length ?? 0) : 0;
  return (
    <>
      <button
        type="button"
        className={btn.icon}
        aria-label={t`Search`}
        aria-expanded={searchOpen}
        onClick={() => setSearchOpen(!searchOpen)}
      >
        <SearchIcon />
      </button>
      <CountLink
        to="/wishlist"
        count={wishlistCount}
        testId="wishlist"
        label={
          wishlistCount > 99 ? t`Wishlist, 99+ items` : plural(wishlistCount, { one: 'Wishlist, # item', other: 'Wishlist, # items' })
        }
      >
        <HeartIcon />
      </CountLink>
      <CountLink
        to="/cart"
        count={cartCount}
        testId="cart"
        label={cartCount > 99 ? t`Cart, 99+ items` : plural(cartCount, { one: 'Cart, # item', other: 'Cart, # items' })}
      >
        <CartIcon />
      </CountLink>
    </>
  );
}

export function Header() {
  const signedIn = useSession(selectIsAuthenticated);
  // A rider at work (`deliveries.own`) has their deliveries, not the shop's search, wishlist or cart.
  const rider = useCan()('deliveries.own');
  const settings = useSettings();
  const { mobileMenuOpen, searchOpen, setMobileMenuOpen, setSearchOpen, closeAll } = useUi();
  const location = useLocation();
  const { t } = useLingui();

  useEffect(() => closeAll(), [location.pathname, closeAll]);
  const menuButton = useRef<HTMLButtonElement>(null);
  useDismiss(mobileMenuOpen, setMobileMenuOpen, menuButton);

  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      <SupportBar phone={settings.data?.supportPhone} terms={settings.data?.terms} />

      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3">
        <button
          ref={menuButton}
          type="button"
          className={`${btn.icon} md:hidden`}
          aria-label={mobileMenuOpen ? t`Close menu` : t`Open menu`}
          aria-expanded={mobileMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileMenuOpen(!mobileMenuOpen)}
        >
          {mobileMenuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="mr-auto inline-flex min-h-11 items-center whitespace-nowrap text-lg font-extrabold tracking-tight text-brand-800 sm:text-xl md:mr-6">
          {settings.data?.shopName || DEFAULT_SHOP_NAME}
        </Link>

        <nav aria-label={t`Main`} className="mr-auto hidden md:flex">
          <NavLinks />
        </nav>

        <div className="flex items-center gap-1">
          {!rider && <ShopperTools />}
          <div className="ml-1 hidden items-center gap-2 md:flex">
            {signedIn ? <AccountMenu /> : <SignInLinks login={btn.ghost} register={`${btn.primary} py-2`} />}
          </div>
        </div>
      </div>

      {searchOpen && !rider && (
        <div className="border-t border-stone-100 bg-white">
          <SearchBox onDone={() => setSearchOpen(false)} />
        </div>
      )}

      {mobileMenuOpen && <MobileMenu signedIn={signedIn} rider={rider} />}
    </header>
  );
}
