import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../auth/AuthContext';
import { ForgotPasswordForm, SignInForm, SignUpForm } from '../auth/forms';
import { originOf } from '../auth/origin';
import { EXTERNAL_SIGN_IN_MESSAGES, isExternalSignInFailure } from '../../../core/identity/domain/external-identity';
import { Alert } from '../design/Alert';
import { MESSAGE_MS } from '../hooks/useFlash';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { useViewportWidth } from '../hooks/useViewportWidth';
import '../auth/auth.css';

type Mode = 'signin' | 'signup' | 'forgot';

/** At 768 px or less the page stacks its panels (spec 2). */
const STACKED_MAX_WIDTH = 768;

const TITLES = { signin: 'signIn.title', signup: 'signUp.title', forgot: 'forgot.title' } as const satisfies Record<Mode, string>;

function WelcomeBack({ onSignIn, inert }: { onSignIn: () => void; inert?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <div className="auth-overlay__panel auth-overlay__panel--left" inert={inert} aria-hidden={inert || undefined}>
      <h2>{t('signInPage.welcomeBack')}</h2>
      <p>{t('signInPage.welcomeBackText')}</p>
      <button type="button" className="btn btn--ghost-inverse" onClick={onSignIn}>
        {t('signIn.title')}
      </button>
    </div>
  );
}

function NewHere({ onSignUp, inert }: { onSignUp: () => void; inert?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <div className="auth-overlay__panel auth-overlay__panel--right" inert={inert} aria-hidden={inert || undefined}>
      <h2>{t('signInPage.newHere')}</h2>
      <p>{t('signInPage.newHereText')}</p>
      <button type="button" className="btn btn--ghost-inverse" onClick={onSignUp}>
        {t('signUp.submit')}
      </button>
    </div>
  );
}

/** /user/login: a sliding sign-in / sign-up panel on desktop, stacked at 768 px or less. */
export default function SignInPage() {
  const [mode, setMode] = useState<Mode>('signin');
  // a new key remounts the forms: switching modes clears fields and messages
  const [generation, setGeneration] = useState(0);
  const [justSignedUp, setJustSignedUp] = useState(false);
  const stacked = useViewportWidth((width) => width <= STACKED_MAX_WIDTH);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const origin = originOf(location.state, location.search);
  const { t } = useTranslation('account');
  useDocumentMeta(t(TITLES[mode]));

  const root = useRef<HTMLDivElement>(null);

  const switchTo = (next: Mode) => {
    setMode(next);
    setGeneration((g) => g + 1);
  };

  // the control that switched may now be hidden: move focus to the first field of the new form
  useEffect(() => {
    if (generation === 0) return;
    root.current?.querySelector<HTMLInputElement>('[data-active-form] input')?.focus();
  }, [generation]);
  const goBack = () => navigate(origin, { replace: true });

  useEffect(() => {
    if (!justSignedUp) return;
    const timer = setTimeout(() => navigate(origin, { replace: true }), MESSAGE_MS.welcome);
    return () => clearTimeout(timer);
  }, [justSignedUp, navigate, origin]);

  if (session.status === 'signedIn' && session.user && !justSignedUp) {
    return (
      <div className="container page">
        <div className="card card--padded auth-signed-in">
          <h1>{t('signInPage.signedIn')}</h1>
          <p>
            <Trans t={t} i18nKey="signInPage.signedInAs" values={{ username: session.user.username }} components={{ strong: <strong dir="auto" /> }} />
          </p>
          <div className="auth-signed-in__actions">
            <Link to="/user/profile" className="btn">
              {t('signInPage.account')}
            </Link>
            <Link to="/" className="btn btn--secondary">
              {t('signInPage.continueShopping')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const signIn = (
    <SignInForm
      key={`in-${generation}`}
      titleAs="h1"
      returnTo={origin}
      onSignedIn={goBack}
      onForgot={() => switchTo('forgot')}
      onSwitch={() => switchTo('signup')}
    />
  );
  const forgot = (
    <ForgotPasswordForm key={`forgot-${generation}`} titleAs="h1" withAdvice={!stacked} onBack={() => switchTo('signin')} />
  );
  const signUp = (
    <SignUpForm
      key={`up-${generation}`}
      titleAs="h1"
      successText={t('signUp.pageSuccess')}
      disableUntilFilled={!stacked}
      onSignedUp={() => setJustSignedUp(true)}
      onSwitch={() => switchTo('signin')}
    />
  );
  // Google sign-in comes back here with the reason it failed; the message is the store's own.
  const googleFailure = params.get('google');
  const googleAlert =
    isExternalSignInFailure(googleFailure) ? (
      <div className="auth-page__alert">
        <Alert tone={googleFailure === 'cancelled' ? 'info' : 'error'}>
          <p dir="auto">{EXTERNAL_SIGN_IN_MESSAGES[googleFailure]}</p>
        </Alert>
      </div>
    ) : null;

  if (stacked) {
    return (
      <div className="container page auth-page auth-page--stacked" ref={root}>
        {googleAlert}
        <div className="auth-stack card">
          <div className="auth-stack__intro">
            <p className="auth-stack__eyebrow">{mode === 'signup' ? t('signInPage.newHere') : t('signInPage.welcomeBack')}</p>
            <p>
              {mode === 'signup' ? t('signInPage.newHereShort') : t('signInPage.welcomeBackShort')}
            </p>
          </div>
          <div className="auth-stack__form" data-active-form>{mode === 'signup' ? signUp : mode === 'forgot' ? forgot : signIn}</div>
        </div>
      </div>
    );
  }

  const signingUp = mode === 'signup';
  return (
    <div className="container page auth-page" ref={root}>
      {googleAlert}
      <div className={`auth-slider ${signingUp ? 'auth-slider--signup' : ''}`}>
        <div
          className="auth-slider__form auth-slider__form--signup"
          inert={!signingUp}
          aria-hidden={!signingUp || undefined}
          data-active-form={signingUp || undefined}
        >
          {signUp}
        </div>
        <div
          className="auth-slider__form auth-slider__form--signin"
          inert={signingUp}
          aria-hidden={signingUp || undefined}
          data-active-form={!signingUp || undefined}
        >
          {mode === 'forgot' ? forgot : signIn}
        </div>
        <div className="auth-overlay">
          <div className="auth-overlay__track">
            <WelcomeBack inert={!signingUp} onSignIn={() => switchTo('signin')} />
            <NewHere inert={signingUp} onSignUp={() => switchTo('signup')} />
          </div>
        </div>
      </div>
    </div>
  );
}
