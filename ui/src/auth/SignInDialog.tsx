import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from 'react-router-dom';
import { Dialog } from '../design/Dialog';
import { MESSAGE_MS } from '../hooks/useFlash';
import { ForgotPasswordForm, SignInForm, SignUpForm } from './forms';
import './auth.css';

type Mode = 'signin' | 'signup' | 'forgot';

const TITLES = { signin: 'signIn.title', signup: 'signUp.title', forgot: 'forgot.title' } as const satisfies Record<Mode, string>;

/** The navbar's sign-in dialog, with the same sign-in / create-account switch as the page. */
export default function SignInDialog({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('signin');
  const [generation, setGeneration] = useState(0);
  const [welcomed, setWelcomed] = useState(false);
  const location = useLocation();
  const { t } = useTranslation('account');

  const switchTo = (next: Mode) => {
    setMode(next);
    setGeneration((g) => g + 1);
  };

  // the welcome message shows for its time, then the dialog closes
  useEffect(() => {
    if (!welcomed) return;
    const timer = setTimeout(onClose, MESSAGE_MS.welcome);
    return () => clearTimeout(timer);
  }, [welcomed, onClose]);

  useEffect(() => {
    if (generation > 0) document.querySelector<HTMLInputElement>('.auth-dialog input')?.focus();
  }, [generation]);

  return (
    <Dialog title={t(TITLES[mode])} onClose={onClose}>
      <div className="auth-dialog">
        {mode === 'signup' ? (
          <SignUpForm
            key={generation}
            titleAs={null}
            successText={t('signUp.welcome')}
            disableUntilFilled
            onSignedUp={() => setWelcomed(true)}
            onSwitch={() => switchTo('signin')}
          />
        ) : mode === 'forgot' ? (
          <ForgotPasswordForm key={generation} titleAs={null} withAdvice onBack={() => switchTo('signin')} />
        ) : (
          <SignInForm
            key={generation}
            titleAs={null}
            returnTo={`${location.pathname}${location.search}`}
            onSignedIn={onClose}
            onForgot={() => switchTo('forgot')}
            onSwitch={() => switchTo('signup')}
          />
        )}
      </div>
    </Dialog>
  );
}
