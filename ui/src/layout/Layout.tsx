import { useTranslation } from 'react-i18next';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { VisitTracker } from '../location/CurrencyContext';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageSkeleton } from './PageSkeleton';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

/** Header, main content and footer shared by every page. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} className="app-main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollToTop />
      <VisitTracker />
    </div>
  );
}
