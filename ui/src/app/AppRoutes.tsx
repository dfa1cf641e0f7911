import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { STORE_PAGES, storePageOf, type StorePage } from '../../../core/location/domain/store-pages';
import { AuthProvider } from '../auth/AuthContext';
import { RequireAuth } from '../auth/RequireAuth';
import { Layout } from '../layout/Layout';
import { CurrencyProvider } from '../location/CurrencyContext';
import HomePage from '../pages/HomePage';
import { lazyPage } from './lazy-page';

// Home ships in the main bundle; every other screen loads on demand.
const CategoryPage = lazyPage(() => import('../pages/CategoryPage'));
const ProductPage = lazyPage(() => import('../pages/ProductPage'));
const SearchResultsPage = lazyPage(() => import('../pages/SearchResultsPage'));
const ContactPage = lazyPage(() => import('../pages/ContactPage'));
const AboutPage = lazyPage(() => import('../pages/AboutPage'));
const PoliciesPage = lazyPage(() => import('../pages/PoliciesPage'));
const TermsPage = lazyPage(() => import('../pages/TermsPage'));
const SignInPage = lazy(() => import('../pages/SignInPage'));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'));
const CartPage = lazy(() => import('../pages/CartPage'));
const ProfilePage = lazy(() => import('../pages/ProfilePage'));
const SignedOutPage = lazy(() => import('../pages/SignedOutPage'));
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage'));
const CheckoutRoute = lazy(() => import('../pages/CheckoutPage').then((m) => ({ default: m.CheckoutRoute })));
const AdminOrdersPage = lazy(() => import('../pages/AdminOrdersPage'));
const ProductEditorPage = lazy(() => import('../pages/ProductEditorPage'));
const LibraryPage = lazy(() => import('../pages/LibraryPage'));
// The reader carries pdf.js: it loads only when a book is opened.
const ReaderPage = lazy(() => import('../pages/ReaderPage'));
const LibraryOpenPage = lazy(() => import('../pages/LibraryPage').then((m) => ({ default: m.LibraryOpenPage })));
const FailedJobsPage = lazy(() => import('../pages/FailedJobsPage'));
const AdminCouponsPage = lazy(() => import('../pages/AdminCouponsPage'));
// The reports carry uPlot: it loads with them, in the admin's chunk, never for a shopper.
const ReportsPage = lazy(() => import('../pages/ReportsPage'));
const AuditLogPage = lazy(() => import('../pages/AuditLogPage'));
const AdminProductsPage = lazy(() => import('../pages/AdminProductsPage'));
const AdminOrderPage = lazy(() => import('../pages/AdminOrderPage'));
const customerPages = () => import('../pages/AdminCustomersPage');
const AdminCustomersPage = lazy(() => customerPages().then((m) => ({ default: m.AdminCustomersPage })));
const AdminCustomerPage = lazy(() => customerPages().then((m) => ({ default: m.AdminCustomerPage })));
const paymentPages = () => import('../pages/PaymentPages');
const AfterPaymentPage = lazy(() => paymentPages().then((m) => ({ default: m.AfterPaymentPage })));
const PaymentSuccessPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentFailedPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentFailedPage })));

/** The screens of the pages the server renders (issue 22), each loaded before its page is hydrated. */
const RENDERED_SCREENS: Partial<Record<StorePage, { preload(): Promise<void> }>> = {
  productType: CategoryPage,
  bookCategory: CategoryPage,
  product: ProductPage,
  searchResults: SearchResultsPage,
  contact: ContactPage,
  about: AboutPage,
  policies: PoliciesPage,
  terms: TermsPage,
};

/** Loads the screen of a rendered page at `path` (the router's path, without a language): the 404's when no page matches. */
export const preloadScreen = (path: string): Promise<void> => {
  const page = storePageOf(path);
  if (!page) return NotFoundPage.preload();
  return RENDERED_SCREENS[page]?.preload() ?? Promise.resolve();
};

/** A page's path, as the table that the server counts visits by has it (relative to the layout). */
const at = (page: StorePage) => STORE_PAGES[page].slice(1);

/**
 * Every route of the store, inside the shared layout; each path comes from STORE_PAGES. The router comes from outside. Signed-in routes
 * (DECISIONS 11) sit behind RequireAuth.
 */
export function AppRoutes() {
  return (
    <AuthProvider>
    <CurrencyProvider>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path={at('productType')} element={<CategoryPage />} />
          <Route path={at('bookCategory')} element={<CategoryPage />} />
          <Route path={at('product')} element={<ProductPage />} />
          <Route path={at('searchResults')} element={<SearchResultsPage />} />
          <Route path={at('contact')} element={<ContactPage />} />
          <Route path={at('about')} element={<AboutPage />} />
          <Route path={at('policies')} element={<PoliciesPage />} />
          <Route path={at('terms')} element={<TermsPage />} />
          <Route path={at('signIn')} element={<SignInPage />} />
          <Route
            path={at('cart')}
            element={
              <RequireAuth>
                <CartPage />
              </RequireAuth>
            }
          />
          <Route path={at('checkout')} element={<CheckoutRoute />} />
          <Route path={at('afterPayment')} element={<AfterPaymentPage />} />
          <Route path={at('paymentSucceeded')} element={<PaymentSuccessPage />} />
          <Route path={at('paymentFailed')} element={<PaymentFailedPage />} />
          <Route
            path={at('profile')}
            element={
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            }
          />
          <Route
            path={at('customerOrders')}
            element={
              <RequireAuth>
                <AdminOrdersPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('productEditor')}
            element={
              <RequireAuth>
                <ProductEditorPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('adminProducts')}
            element={
              <RequireAuth>
                <AdminProductsPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('failedJobs')}
            element={
              <RequireAuth>
                <FailedJobsPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('coupons')}
            element={
              <RequireAuth>
                <AdminCouponsPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('reports')}
            element={
              <RequireAuth>
                <ReportsPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('auditLog')}
            element={
              <RequireAuth>
                <AuditLogPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('orderTimeline')}
            element={
              <RequireAuth>
                <AdminOrderPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('customers')}
            element={
              <RequireAuth>
                <AdminCustomersPage />
              </RequireAuth>
            }
          />
          <Route
            path={at('customer')}
            element={
              <RequireAuth>
                <AdminCustomerPage />
              </RequireAuth>
            }
          />
          <Route path={at('signedOut')} element={<SignedOutPage />} />
          <Route path={at('resetPassword')} element={<ResetPasswordPage />} />
          <Route path={at('library')} element={<LibraryPage />} />
          <Route path={at('libraryOpen')} element={<LibraryOpenPage />} />
          <Route path={at('reader')} element={<ReaderPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </CurrencyProvider>
    </AuthProvider>
  );
}
