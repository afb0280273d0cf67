import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CartIcon, CloseIcon, HeartIcon, MenuIcon, PhoneIcon, SearchIcon } from '@/components/ui/icons';
import { btn } from '@/components/ui/styles';
import { useCart } from '@/lib/api/cart';
import { useWishlist } from '@/features/wishlist/api/wishlist';
import { useSettings } from '@/lib/api/settings';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useUi } from '@/stores/ui';
import { useLogout } from '../hooks';
import { DEFAULT_SHOP_NAME } from '@/lib/use-page-title';
import { useOpenUntilNavigation } from '@/lib/use-open-until-navigation';
import { LanguageSwitch } from './LanguageSwitch';

export const NAV_LINKS = [
  { to: '/category/women', label: msg`Women` },
  { to: '/category/kids', label: msg`Kids` },
  { to: '/new-arrivals', label: msg`New Arrivals` },
  { to: '/category/sales', label: msg`Sale` },
];

export { DEFAULT_SHOP_NAME };

function CountBadge({ count, label }: { count: number; label: string }) {
  if (!(count > 0)) return null;
  return (
    <span
      className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white"
      data-testid={`${label}-count`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function SearchBox({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { t } = useLingui();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
    setText('');
    onDone();
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      className="mx-auto flex max-w-2xl gap-2 px-4 py-3"
    >
      <label htmlFor="site-search" className="sr-only">
        <Trans>Search products</Trans>
      </label>
      <input
        id="site-search"
        type="search"
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t`Search for products...`}
        className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button type="submit" className={btn.primary}>
        <SearchIcon size={18} />
        <span className="hidden sm:inline">
          <Trans>Search</Trans>
        </span>
        <span className="sr-only sm:hidden">
          <Trans>Search</Trans>
        </span>
      </button>
    </form>
  );
}

function AccountMenu() {
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const [open, setOpen] = useOpenUntilNavigation();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();

  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  if (!user) return null;
  const initial = (user.name || user.email || '?').charAt(0).toUpperCase();
  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t`Account menu for ${{ name: user.name }}`}
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-semibold text-white hover:bg-brand-800"
      >
        {initial}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-60 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
        >
          <div className="border-b border-stone-100 px-4 py-3">
            <p className="truncate font-semibold text-stone-900">{user.name}</p>
            <p className="truncate text-sm text-stone-600">{user.email}</p>
          </div>
          <Link role="menuitem" to="/profile" className="block px-4 py-2.5 hover:bg-stone-50">
            <Trans>Profile</Trans>
          </Link>
          {user.role === 'admin' && (
            <Link role="menuitem" to="/admin" className="block px-4 py-2.5 hover:bg-stone-50">
              <Trans>Admin Dashboard</Trans>
            </Link>
          )}
          <button
            role="menuitem"
            type="button"
            onClick={logout}
            className="block w-full px-4 py-2.5 text-left text-red-700 hover:bg-red-50"
          >
            <Trans>Logout</Trans>
          </button>
        </div>
      )}
    </div>
  );
}

export function Header() {
  const signedIn = useSession(selectIsAuthenticated);
  const user = useSession((s) => s.user);
  const settings = useSettings();
  const cart = useCart();
  const wishlist = useWishlist();
  const { mobileMenuOpen, searchOpen, setMobileMenuOpen, setSearchOpen, closeAll } = useUi();
  const logout = useLogout();
  const location = useLocation();
  const { t, i18n } = useLingui();

  useEffect(() => closeAll(), [location.pathname, closeAll]);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!mobileMenuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMobileMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileMenuOpen, setMobileMenuOpen]);

  const cartCount = signedIn ? (cart.data?.itemCount ?? 0) : 0;
  const wishlistCount = signedIn ? (wishlist.data?.products.length ?? 0) : 0;
  const phone = settings.data?.supportPhone;
  const shopName = settings.data?.shopName || DEFAULT_SHOP_NAME;

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-stone-700'}`;

  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      <div className="bg-stone-900 text-xs text-stone-100">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-1">
          <span className="flex items-center gap-1.5">
            <PhoneIcon size={14} />
            {phone ? (
              <a href={`tel:${phone.replace(/\s+/g, '')}`} className="hover:underline">
                {phone}
              </a>
            ) : (
              <span>
                <Trans>Call us</Trans>
              </span>
            )}
          </span>
          <div className="flex items-center gap-3">
            <span className="hidden sm:inline">
              <Trans>Free worldwide delivery · 30-day free returns</Trans>
            </span>
            <LanguageSwitch tone="dark" />
          </div>
        </div>
      </div>

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
        <Link to="/" className="mr-auto whitespace-nowrap text-lg font-extrabold tracking-tight text-brand-800 sm:text-xl md:mr-6">
          {shopName}
        </Link>

        <nav aria-label={t`Main`} className="mr-auto hidden md:flex">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={navClass}>
              {i18n._(l.label)}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-1">
          <button
            type="button"
            className={btn.icon}
            aria-label={t`Search`}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen(!searchOpen)}
          >
            <SearchIcon />
          </button>
          <Link
            to="/wishlist"
            className={`${btn.icon} relative`}
            aria-label={
              wishlistCount > 99 ? t`Wishlist, 99+ items` : plural(wishlistCount, { one: 'Wishlist, # item', other: 'Wishlist, # items' })
            }
          >
            <HeartIcon />
            <CountBadge count={wishlistCount} label="wishlist" />
          </Link>
          <Link
            to="/cart"
            className={`${btn.icon} relative`}
            aria-label={cartCount > 99 ? t`Cart, 99+ items` : plural(cartCount, { one: 'Cart, # item', other: 'Cart, # items' })}
          >
            <CartIcon />
            <CountBadge count={cartCount} label="cart" />
          </Link>
          <div className="ml-1 hidden items-center gap-2 md:flex">
            {signedIn ? (
              <AccountMenu />
            ) : (
              <>
                <Link to="/login" className={btn.ghost}>
                  <Trans>Login</Trans>
                </Link>
                <Link to="/register" className={`${btn.primary} py-2`}>
                  <Trans>Register</Trans>
                </Link>
              </>
            )}
          </div>
        </div>
      </div>

      {searchOpen && (
        <div className="border-t border-stone-100 bg-white">
          <SearchBox onDone={() => setSearchOpen(false)} />
        </div>
      )}

      {mobileMenuOpen && (
        <div id="mobile-menu" className="border-t border-stone-100 bg-white md:hidden">
          <nav aria-label={t`Mobile`} className="flex flex-col px-4 py-2">
            {NAV_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={navClass}>
                {i18n._(l.label)}
              </NavLink>
            ))}
            <NavLink to="/wishlist" className={navClass}>
              <Trans>Wishlist</Trans>
            </NavLink>
            <NavLink to="/cart" className={navClass}>
              <Trans>Cart</Trans>
            </NavLink>
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
                <Link to="/profile" className={navClass({ isActive: false })}>
                  <Trans>Profile</Trans>
                </Link>
                {user.role === 'admin' && (
                  <Link to="/admin" className={navClass({ isActive: false })}>
                    <Trans>Admin Dashboard</Trans>
                  </Link>
                )}
                <button type="button" onClick={logout} className="rounded-md px-3 py-2 text-left text-sm font-medium text-red-700">
                  <Trans>Logout</Trans>
                </button>
              </div>
            ) : (
              <div className="flex gap-2">
                <Link to="/login" className={`${btn.secondary} flex-1`}>
                  <Trans>Login</Trans>
                </Link>
                <Link to="/register" className={`${btn.primary} flex-1`}>
                  <Trans>Register</Trans>
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
