import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/stores/session';
import { ProductActionsContext } from '@/features/catalog/components/product-actions';
import { useShopActions } from '../hooks';
import { Footer } from './Footer';
import { Header } from './Header';

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
  return (
    <ProductActionsContext.Provider value={actions}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" className="min-h-screen flex-1">
          <Suspense fallback={<Spinner label="Loading page" />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <RouteEffects />
    </ProductActionsContext.Provider>
  );
}

/** Pages without header or footer (sign-in, registration). */
export function BareLayout() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Outlet />
      <RouteEffects />
    </Suspense>
  );
}
