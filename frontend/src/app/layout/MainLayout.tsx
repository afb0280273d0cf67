import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/stores/session';
import { ProductActionsContext } from '@/features/catalog/components/product-actions';
import { useShopActions } from '../hooks';
import { Footer } from './Footer';
import { Header } from './Header';
import { useSettings } from '@/lib/api/settings';
import { DEFAULT_SHOP_NAME } from '@/lib/use-page-title';

/** Scrolls to the top when the page (path) changes; ends a logout once it reached home. */
function RouteEffects() {
  const { pathname } = useLocation();
  const signedOutByUser = useSession((s) => s.signedOutByUser);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    if (signedOutByUser && pathname === '/') useSession.getState().clearSignedOutByUser();
  }, [pathname, signedOutByUser]);
  return null;
}

/** Header and footer around the storefront pages; provides the product card actions. */
export function MainLayout() {
  const actions = useShopActions();
  const { t } = useLingui();
  return (
    <ProductActionsContext.Provider value={actions}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" className="min-h-screen flex-1">
          <Suspense fallback={<Spinner label={t`Loading page`} />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <RouteEffects />
    </ProductActionsContext.Provider>
  );
}

/** Pages without header or footer (sign-in, registration, password reset): the logo above a centred card. */
export function BareLayout() {
  const { data: settings } = useSettings();
  const { t } = useLingui();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-amber-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 flex min-h-11 items-center justify-center text-2xl font-extrabold tracking-tight text-brand-800">
          {settings?.shopName || DEFAULT_SHOP_NAME}
        </Link>
        <Suspense fallback={<Spinner label={t`Loading page`} />}>
          <Outlet />
        </Suspense>
      </div>
      <RouteEffects />
    </main>
  );
}
