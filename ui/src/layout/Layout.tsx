import { useTranslation } from 'react-i18next';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { leaveFirstPage } from '../app/rendered-page';
import { VisitTracker } from '../location/CurrencyContext';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageSkeleton } from './PageSkeleton';

function ScrollToTop() {
  const { pathname, search } = useLocation();
  const first = useRef(pathname + search);
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  useEffect(() => {
    // A page the server rendered keeps its reads for its own address only: the next page asks anew.
    if (pathname + search !== first.current) leaveFirstPage();
  }, [pathname, search]);
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
