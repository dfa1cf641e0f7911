import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthContext';
import { RequireAuth } from '../auth/RequireAuth';
import { Layout } from '../layout/Layout';
import { CurrencyProvider } from '../location/CurrencyContext';
import HomePage from '../pages/HomePage';

// Home ships in the main bundle; every other screen loads on demand.
const CategoryPage = lazy(() => import('../pages/CategoryPage'));
const ProductPage = lazy(() => import('../pages/ProductPage'));
const SearchResultsPage = lazy(() => import('../pages/SearchResultsPage'));
const ContactPage = lazy(() => import('../pages/ContactPage'));
const AboutPage = lazy(() => import('../pages/AboutPage'));
const PoliciesPage = lazy(() => import('../pages/PoliciesPage'));
const TermsPage = lazy(() => import('../pages/TermsPage'));
const SignInPage = lazy(() => import('../pages/SignInPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const CartPage = lazy(() => import('../pages/CartPage'));
const ProfilePage = lazy(() => import('../pages/ProfilePage'));
const SignedOutPage = lazy(() => import('../pages/SignedOutPage'));
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage'));
const CheckoutPage = lazy(() => import('../pages/CheckoutPage'));
const AdminOrdersPage = lazy(() => import('../pages/AdminOrdersPage'));
const ProductEditorPage = lazy(() => import('../pages/ProductEditorPage'));
const paymentPages = () => import('../pages/PaymentPages');
const AfterPaymentPage = lazy(() => paymentPages().then((m) => ({ default: m.AfterPaymentPage })));
const PaymentSuccessPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentFailedPage = lazy(() => paymentPages().then((m) => ({ default: m.PaymentFailedPage })));

/**
 * Every route of the store, inside the shared layout. The router comes from outside. Signed-in routes
 * (DECISIONS 11) sit behind RequireAuth.
 */
export function AppRoutes() {
  return (
    <AuthProvider>
    <CurrencyProvider>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="category/:category" element={<CategoryPage />} />
          <Route path="category/:category/:subcategory" element={<CategoryPage />} />
          <Route path="product/:id" element={<ProductPage />} />
          <Route path="search-page" element={<SearchResultsPage />} />
          <Route path="contactus" element={<ContactPage />} />
          <Route path="aboutus" element={<AboutPage />} />
          <Route path="policies" element={<PoliciesPage />} />
          <Route path="terms-and-conditions" element={<TermsPage />} />
          <Route path="user/login" element={<SignInPage />} />
          <Route
            path="user/cartPage"
            element={
              <RequireAuth>
                <CartPage />
              </RequireAuth>
            }
          />
          <Route
            path="checkout/:id"
            element={
              <RequireAuth>
                <CheckoutPage />
              </RequireAuth>
            }
          />
          <Route path="afterpayment" element={<AfterPaymentPage />} />
          <Route path="Paymentsuccess" element={<PaymentSuccessPage />} />
          <Route path="PaymentFailed" element={<PaymentFailedPage />} />
          <Route
            path="user/profile"
            element={
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            }
          />
          <Route
            path="Allusers/orders"
            element={
              <RequireAuth>
                <AdminOrdersPage />
              </RequireAuth>
            }
          />
          <Route
            path="productEditor"
            element={
              <RequireAuth>
                <ProductEditorPage />
              </RequireAuth>
            }
          />
          <Route path="signout/success" element={<SignedOutPage />} />
          <Route path="reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </CurrencyProvider>
    </AuthProvider>
  );
}
