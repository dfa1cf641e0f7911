/**
 * The visitor's currency region, resolved once per visit from GET /api/getip. A slow (over
 * LOCATION_TIMEOUT_MS) or failed lookup settles on USD, as core decides.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  currencyRegionOf,
  type CurrencyRegion,
} from '../../../core/catalog/domain/pricing';
import { api } from '../api/client';
import { firstPageData, useServerRender } from '../app/rendered-page';

/** Spec section 9: past this the page stops waiting for the country and shows USD prices. */
const LOCATION_TIMEOUT_MS = 5000;

export interface CurrencyState {
  region: CurrencyRegion;
  /** true until the location lookup answered, failed or timed out */
  loading: boolean;
}

const CurrencyContext = createContext<CurrencyState>({ region: 'USD', loading: true });

export function CurrencyProvider({ children }: { children: ReactNode }) {
  // A page the server rendered comes priced for the visitor's region, found from the same address GET /api/getip reads.
  const server = useServerRender();
  const [state, setState] = useState<CurrencyState>(() => {
    const known = server?.region ?? firstPageData()?.region;
    return known ? { region: known, loading: false } : { region: 'USD', loading: true };
  });

  useEffect(() => {
    if (!state.loading) return;
    let settled = false;
    const settle = (region: CurrencyRegion) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      setState({ region, loading: false });
    };
    const timer = setTimeout(() => settle(currencyRegionOf(null)), LOCATION_TIMEOUT_MS);
    api.country().then(
      (country) => settle(currencyRegionOf(country)),
      () => settle(currencyRegionOf(null)),
    );
    return () => {
      settled = true;
      clearTimeout(timer);
    };
    // Asked once, on the first page; a rendered page already knows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <CurrencyContext.Provider value={state}>{children}</CurrencyContext.Provider>;
}

export const useCurrency = (): CurrencyState => useContext(CurrencyContext);

/** Sends a visit-tracking call on every route change once the location is resolved. */
export function VisitTracker() {
  const { loading } = useCurrency();
  const { pathname } = useLocation();
  useEffect(() => {
    if (loading) return;
    // In a task of its own: sent among the effects of a page just hydrated, it lengthened the
    // longest task a phone's processor had after the first paint.
    const timer = setTimeout(() =>
      api.trackVisit(pathname).catch(() => {
        /* tracking is best effort; the shopper never sees it */
      }),
    );
    return () => clearTimeout(timer);
  }, [loading, pathname]);
  return null;
}
