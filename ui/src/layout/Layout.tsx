import { useTranslation } from '../i18n/use-translation';
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

/**
 * Tells a page's first script (ui/src/boot.ts, which names the same event) that the app has taken
 * the page over, so the taps it held are made again; `<html data-app="ready">` says the same to the
 * browser tests (tests/e2e/support.ts, appReady). Inside the main part's Suspense boundary: React
 * hydrates that part after the rest, and a tap on it in between could be lost.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    document.dispatchEvent(new Event('store:hydrated'));
  }, []);
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
          <AppReady />
        </Suspense>
      </main>
      <Footer />
      <ScrollToTop />
      <VisitTracker />
    </div>
  );
}
