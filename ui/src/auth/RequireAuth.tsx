import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from './AuthContext';
import { fromHere, SIGN_IN_PATH } from './origin';

/** The spinner shown while the login status is checked. */
export function SessionSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('account');
  return (
    <div className="container page session-check" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('session.checking')}</span>
    </div>
  );
}

/**
 * Guards a signed-in route (DECISIONS 11): a spinner while the login status is checked, then the page,
 * or /user/login remembering where the visitor was going. The status is asked again on entry, so a
 * session that ended elsewhere is noticed.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, refresh, signedOutByUser } = useSession();
  const location = useLocation();
  const sawUser = useRef(false);
  if (status === 'signedIn') sawUser.current = true;

  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (status === 'checking') return <SessionSpinner />;
  // signing out from here: the sign-out flow is already taking the user to /signout/success
  if (status === 'signedOut' && signedOutByUser && sawUser.current) return null;
  if (status === 'signedOut') return <Navigate to={SIGN_IN_PATH} replace state={fromHere(location)} />;
  return <>{children}</>;
}
