import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LIBRARY_EMAIL_REQUIRED, LIBRARY_LINK_SPENT, NO_LIBRARY_SESSION } from '../../../core/ordering/domain/guest-library';
import { ApiError } from '../api/client';
import { libraryApi, type Library } from '../api/library';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { Orders } from './ProfilePage';
import '../account/account.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.fromServer ? error.message : fallback);

/** Asks for a new link to the library of an address, by e-mail (the same limits as every e-mail the store sends). */
export function AskLibraryLink() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { t } = useTranslation('account');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!email.trim()) return setSaid({ tone: 'error', text: LIBRARY_EMAIL_REQUIRED });
    setBusy(true);
    try {
      setSaid({ tone: 'success', text: await libraryApi.askLink(email.trim()) });
    } catch (error) {
      setSaid({ tone: 'error', text: messageOf(error, t('library.askFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card card--padded library-ask" onSubmit={submit} noValidate aria-labelledby="library-ask-title">
      <h2 id="library-ask-title">{t('library.askTitle')}</h2>
      {said ? (
        <Alert tone={said.tone}>
          <p dir="auto">{said.text}</p>
        </Alert>
      ) : null}
      <Field label={t('library.email')} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn--accent btn--block" disabled={busy}>
        {busy ? t('library.wait') : t('library.ask')}
      </button>
    </form>
  );
}

/**
 * /library/open/:token: the page the e-mailed link opens. It asks the server to spend the token (a
 * POST, so a mail scanner that fetches the link spends nothing), then shows the library; a spent or
 * expired link says so and offers a new one.
 */
export function LibraryOpenPage() {
  const { t } = useTranslation('account');
  useDocumentMeta(t('library.meta'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Once: a token is spent by its first use (React's development double effect included).
    if (asked.current) return;
    asked.current = true;
    libraryApi.open(token).then(
      () => navigate('/library', { replace: true }),
      (error: unknown) => setFailure(messageOf(error, LIBRARY_LINK_SPENT)),
    );
  }, [token, navigate]);
  if (!failure)
    return (
      <div className="container page session-check" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>{t('library.opening')}</span>
      </div>
    );
  return (
    <div className="container page library-page">
      <div className="page-header">
        <h1>{t('library.title')}</h1>
      </div>
      <Alert tone="error">
        <p dir="auto">{failure}</p>
      </Alert>
      <AskLibraryLink />
    </div>
  );
}

/**
 * /library: a guest's purchases, listed as the profile's Orders section lists an account's (with
 * their downloads as that section shows them). Without a library session: the way to a new link.
 */
export default function LibraryPage() {
  const { t } = useTranslation('account');
  useDocumentMeta(t('library.meta'));
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'open'; library: Library } | { kind: 'closed' } | { kind: 'error' }>({ kind: 'loading' });
  useEffect(() => {
    libraryApi.show().then(
      (library) => setState({ kind: 'open', library }),
      (error: unknown) => setState(error instanceof ApiError && error.status === 401 ? { kind: 'closed' } : { kind: 'error' }),
    );
  }, []);
  const close = async () => {
    await libraryApi.close().catch(() => undefined);
    navigate('/', { replace: true });
  };

  let body;
  if (state.kind === 'loading') body = <Skeleton style={{ height: '10rem', borderRadius: '16px' }} />;
  else if (state.kind === 'error')
    body = (
      <Alert tone="error">
        <p>{t('library.loadFailed')}</p>
      </Alert>
    );
  else if (state.kind === 'closed')
    body = (
      <>
        <Alert tone="info">
          <p dir="auto">{NO_LIBRARY_SESSION}</p>
        </Alert>
        <AskLibraryLink />
      </>
    );
  else
    body = (
      <>
        <p className="library-page__who">
          <Trans
            t={t}
            i18nKey="library.who"
            values={{ email: state.library.email }}
            components={{ email: <strong dir="ltr" />, signin: <Link to="/user/login" /> }}
          />
        </p>
        <section className="card card--padded profile-orders" aria-label={t('library.orders')}>
          <Orders orders={state.library.orders} />
        </section>
        <button type="button" className="btn btn--ghost" onClick={() => void close()}>
          {t('library.close')}
        </button>
      </>
    );
  return (
    <div className="container page library-page">
      <div className="page-header">
        <h1>{t('library.title')}</h1>
      </div>
      {body}
    </div>
  );
}
