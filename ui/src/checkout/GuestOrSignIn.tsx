import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../auth/AuthContext';
import { fromHere, SIGN_IN_PATH } from '../auth/origin';
import { SessionSpinner } from '../auth/RequireAuth';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import './guest-choice.css';

/**
 * The guard of a checkout (DECISIONS 11 and 25): a signed-in buyer goes on to `signedIn`; a
 * signed-out visitor chooses between signing in (and coming back here) and `asGuest`, the same
 * checkout through the guest's own calls.
 */
export function GuestOrSignIn({ signedIn, asGuest }: { signedIn: ReactNode; asGuest: ReactNode }) {
  const { status, refresh } = useSession();
  const location = useLocation();
  const [guest, setGuest] = useState(false);
  const { t } = useTranslation('checkout');
  useDocumentMeta(t('title'));

  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (status === 'checking') return <SessionSpinner />;
  if (status === 'signedIn') return <>{signedIn}</>;
  if (guest) return <>{asGuest}</>;
  return (
    <div className="container page checkout-page">
      <section className="card card--padded guest-choice" aria-labelledby="guest-choice-title">
        <h1 id="guest-choice-title" className="checkout-form__title">
          {t('guest.title')}
        </h1>
        <div className="guest-choice__actions">
          <Link className="btn btn--accent btn--block btn--lg" to={SIGN_IN_PATH} state={fromHere(location)}>
            {t('guest.signIn')}
          </Link>
          <button type="button" className="btn btn--secondary btn--block btn--lg" onClick={() => setGuest(true)}>
            {t('guest.continue')}
          </button>
        </div>
        <p className="guest-choice__hint">{t('guest.hint')}</p>
      </section>
    </div>
  );
}
