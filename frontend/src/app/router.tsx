/**
 * Routes. Declarative react-router (smaller than the data router: the storefront budget is
 * tight on slow mobile networks); every page but the home page is a lazily loaded chunk,
 * and the admin area is one lazily loaded module shoppers never download.
 *
 * The catalogue pages' data is requested by their route (in the main chunk), so the reply and
 * the page's chunk download side by side instead of one after the other.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { usePrefetchInfiniteQuery, usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { Route, Routes, useParams, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { deliveryZonesQuery } from '@/lib/api/delivery';
import { categoryPagesQuery, newArrivalsPagesQuery, productQuery, searchPagesQuery } from '@/lib/api/products';
import { parseSort } from '@/lib/api-paths';
import { preloadable } from '@/lib/preloadable';
import { sizeFilterOf } from '@/lib/sizes';
import { paymentMethodsQuery } from '@/payments/api/methods';
import { HomePage } from '@/features/catalog/components/HomePage';
import { SoldOutActionContext, type SoldOutAction } from '@/features/catalog/components/sold-out-action';
import { RequireAdmin, RequireAuth, RequirePermission } from './guards';
import { BareLayout, MainLayout } from './layout/MainLayout';
import { NotFoundPage } from './routes/not-found';

const ProductPage = lazy(() =>
  import('@/features/catalog/components/ProductPage').then((m) => ({ default: m.ProductPage })),
);
const NewArrivalsPage = lazy(() =>
  import('@/features/catalog/components/NewArrivalsPage').then((m) => ({ default: m.NewArrivalsPage })),
);
const SearchPage = lazy(() =>
  import('@/features/catalog/components/SearchPage').then((m) => ({ default: m.SearchPage })),
);
const CategoryPage = lazy(() =>
  import('@/features/catalog/components/CategoryPage').then((m) => ({ default: m.CategoryPage })),
);
const DeliveryPage = lazy(() =>
  import('./routes/info').then((m) => ({ default: m.DeliveryPage })),
);
const ReturnsPage = lazy(() => import('./routes/info').then((m) => ({ default: m.ReturnsPage })));
const ContactPage = lazy(() => import('./routes/info').then((m) => ({ default: m.ContactPage })));
/** Sign In and Create Account, finishing what a shopper sent to sign in was doing (./routes/sign-in). */
const LoginPage = lazy(() => import('./routes/sign-in').then((m) => ({ default: m.LoginRoute })));
const RegisterPage = lazy(() => import('./routes/sign-in').then((m) => ({ default: m.RegisterRoute })));
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/components/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/components/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const ProfileRoute = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })));
const OrderPage = lazy(() => import('@/features/orders/components/OrderPage').then((m) => ({ default: m.OrderPage })));
const WishlistRoute = lazy(() => import('./routes/wishlist').then((m) => ({ default: m.WishlistRoute })));
const CartPage = lazy(() => import('@/features/cart/components/CartPage').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() =>
  import('@/features/checkout/components/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
);
const OrderSuccessPage = lazy(() =>
  import('@/features/checkout/components/OrderSuccessPage').then((m) => ({ default: m.OrderSuccessPage })),
);
const PayLinkPage = lazy(() => import('@/features/pay-link').then((m) => ({ default: m.PayLinkPage })));
const PayReturnPage = lazy(() => import('@/features/pay-link').then((m) => ({ default: m.PayReturnPage })));
const RestockRequestsPage = lazy(() =>
  import('@/features/restock/components/RestockRequestsPage').then((m) => ({ default: m.RestockRequestsPage })),
);
/** 'Notify me when it's back': its code comes when a product page first shows something sold out. */
const NotifyMe = lazy(() => import('./routes/notify-me').then((m) => ({ default: m.NotifyMe })));
const DeliveriesPage = lazy(() =>
  import('@/features/deliveries/components/DeliveriesPage').then((m) => ({ default: m.DeliveriesPage })),
);
const AdminRoutes = preloadable(() => import('@/features/admin/AdminRoutes'));

/**
 * Loads the admin area's module and the code of its page at `pathname`, so that an admin
 * page opened directly renders at once (see lib/preloadable.ts).
 */
export const preloadAdminPage = (pathname: string): Promise<void> =>
  AdminRoutes.preload().then((admin) => admin.preloadPage(pathname));

const guarded = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

function CategoryRoute() {
  const category = useParams().categoryName?.toLowerCase();
  const [params] = useSearchParams();
  usePrefetchInfiniteQuery(categoryPagesQuery(category, sizeFilterOf(params, category)));
  return <CategoryPage notFound={<NotFoundPage />} />;
}

function NewArrivalsRoute() {
  usePrefetchInfiniteQuery(newArrivalsPagesQuery());
  return <NewArrivalsPage />;
}

function SearchRoute() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const options = searchPagesQuery(query, parseSort(params.get('sort')), sizeFilterOf(params));
  const client = useQueryClient();
  // As usePrefetchInfiniteQuery does, but only for a query the page will ask for (not a blank one).
  if (query && !client.getQueryState(options.queryKey)) void client.prefetchInfiniteQuery(options);
  return <SearchPage />;
}

const drawNotifyMe: SoldOutAction = (props) => <NotifyMe {...props} />;

function ProductRoute() {
  const id = useParams().id ?? '';
  usePrefetchQuery({ ...productQuery(id), retry: false });
  return (
    <SoldOutActionContext.Provider value={drawNotifyMe}>
      <ProductPage />
    </SoldOutActionContext.Provider>
  );
}

/** The ways to pay and the places delivered to are asked for while the checkout's code downloads, not after. */
function CheckoutRoute() {
  usePrefetchQuery(paymentMethodsQuery());
  usePrefetchQuery(deliveryZonesQuery());
  return <CheckoutPage />;
}

export function AppRoutes() {
  const { t } = useLingui();
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route path="product/:id" element={<ProductRoute />} />
        <Route path="new-arrivals" element={<NewArrivalsRoute />} />
        <Route path="search" element={<SearchRoute />} />
        <Route path="category" element={<CategoryRoute />} />
        <Route path="category/:categoryName" element={<CategoryRoute />} />
        <Route path="delivery" element={<DeliveryPage />} />
        <Route path="returns" element={<ReturnsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="profile" element={guarded(<ProfileRoute />)} />
        <Route path="orders/:id" element={guarded(<OrderPage />)} />
        <Route path="wishlist" element={guarded(<WishlistRoute />)} />
        <Route path="back-in-stock" element={guarded(<RestockRequestsPage />)} />
        <Route path="cart" element={guarded(<CartPage />)} />
        <Route path="checkout" element={guarded(<CheckoutRoute />)} />
        <Route path="order-success" element={guarded(<OrderSuccessPage />)} />
        {/* A payment link's page: the customer of an order taken by phone pays without an account. */}
        <Route path="pay/return" element={<PayReturnPage />} />
        <Route path="pay/:token" element={<PayLinkPage />} />
        <Route
          path="deliveries"
          element={
            <RequirePermission permission="deliveries.own">
              <DeliveriesPage />
            </RequirePermission>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route
        path="admin/*"
        element={
          <RequireAdmin>
            <Suspense fallback={<Spinner label={t`Loading page`} />}>
              <AdminRoutes />
            </Suspense>
          </RequireAdmin>
        }
      />
    </Routes>
  );
}
