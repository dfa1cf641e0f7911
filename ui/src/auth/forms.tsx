/**
 * The sign-in, create-account and forgot-password forms, shared by the sign-in page and the navbar
 * dialog. Rules and messages come from core; how long a message stays comes from spec 8.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { PASSWORD_MIN, passwordProblems } from '../../../core/identity/domain/password-policy';
import { RESET_LINK_SENT } from '../../../core/identity/domain/password-reset';
import {
  ALL_FIELDS,
  emailMessage,
  PASSWORDS_DIFFER,
  usernameMessage,
  WRONG_CREDENTIALS,
} from '../../../core/identity/domain/user';
import { accountApi, ApiError } from '../api/client';
import { Field } from '../design/Field';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { useSession } from './AuthContext';
import { fire, SIGNUP_SUCCESS } from './events';
import { pathOf } from '../../../api/calls';
import { googleSignInOffered } from './googleSignIn';
import { failedCall, isPasswordRules, Notice, type NoticeValue } from './Notice';
import './auth.css';

export const GOOGLE_SIGN_IN_HREF = `/api${pathOf('googleSignIn')}`;
/** 'Continue with Google' comes back to `returnTo` (the server keeps it to paths of this store). */
export const googleSignInHref = (returnTo: string) => `${GOOGLE_SIGN_IN_HREF}?returnTo=${encodeURIComponent(returnTo)}`;

type Heading = 'h1' | 'h2' | null;

function FormTitle({ as, children }: { as: Heading; children: ReactNode }) {
  if (as === null) return null;
  const Tag = as;
  return <Tag className="auth-form__title">{children}</Tag>;
}


function useNotice() {
  const flash = useFlash<NoticeValue>();
  return {
    notice: flash.value,
    clear: flash.clear,
    /** `passwordRules`: the text is the password rules the form's check or the server found broken. */
    error: (text: string, passwordRules = false) =>
      flash.show({ tone: 'error', text }, passwordRules ? MESSAGE_MS.passwordRules : MESSAGE_MS.error),
    failed: (err: unknown, fallback: string) => {
      const { text, codes } = failedCall(err, fallback);
      flash.show({ tone: 'error', text }, isPasswordRules(codes) ? MESSAGE_MS.passwordRules : MESSAGE_MS.error);
    },
    show: flash.show,
  };
}

const GoogleMark = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6C12.4 13.7 17.7 9.5 24 9.5z" />
    <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.6 5.9c4.4-4.1 7-10.1 7-17.6z" />
    <path fill="#FBBC05" d="M10.5 28.8A14.5 14.5 0 0 1 9.5 24c0-1.7.3-3.3.9-4.8l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6z" />
    <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.3 0-11.6-4.2-13.5-10l-7.9 6C6.6 42.6 14.6 48 24 48z" />
  </svg>
);

export function SignInForm({
  titleAs,
  onSignedIn,
  onForgot,
  onSwitch,
  returnTo,
}: {
  titleAs: Heading;
  /** Where 'Continue with Google' comes back to. */
  returnTo: string;
  onSignedIn: (username: string) => void;
  onForgot: () => void;
  onSwitch: () => void;
}) {
  const session = useSession();
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { notice, error, clear } = useNotice();
  const { t } = useTranslation('account');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!usernameOrEmail.trim() || !password) {
      error(ALL_FIELDS);
      return;
    }
    setBusy(true);
    clear();
    try {
      const { username } = await accountApi.signIn(usernameOrEmail.trim(), password);
      session.signedIn(username);
      onSignedIn(username);
    } catch (err) {
      error(err instanceof ApiError && err.fromServer ? err.message : WRONG_CREDENTIALS);
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('signIn.title')}>
      <FormTitle as={titleAs}>{t('signIn.title')}</FormTitle>
      {googleSignInOffered() ? (
        <>
          <a className="btn btn--secondary btn--block auth-form__google" href={googleSignInHref(returnTo)}>
            <GoogleMark />
            {t('signIn.google')}
          </a>
          <p className="auth-form__or">
            <span>{t('signIn.orWithAccount')}</span>
          </p>
        </>
      ) : null}
      <Field
        label={t('signIn.usernameOrEmail')}
        name="username"
        autoComplete="username"
        value={usernameOrEmail}
        onChange={(e) => setUsernameOrEmail(e.target.value)}
      />
      <Field
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="button" className="link-button auth-form__forgot" onClick={onForgot}>
        {t('signIn.forgot')}
      </button>
      <Notice notice={notice} />
      <button type="submit" className="btn btn--block auth-form__submit" disabled={busy}>
        {busy ? t('signIn.busy') : t('signIn.submit')}
      </button>
      <p className="auth-form__switch">
        {t('signIn.noAccount')}{' '}
        <button type="button" className="link-button" onClick={onSwitch}>
          {t('signIn.signUp')}
        </button>
      </p>
    </form>
  );
}

export function SignUpForm({
  titleAs,
  successText,
  disableUntilFilled,
  onSignedUp,
  onSwitch,
}: {
  titleAs: Heading;
  /** The page and the navbar word their success differently (spec 8). */
  successText: string;
  /** The desktop sign-up button stays disabled until all four fields are filled (spec 5). */
  disableUntilFilled: boolean;
  onSignedUp: (username: string) => void;
  onSwitch: () => void;
}) {
  const session = useSession();
  const [form, setForm] = useState({ username: '', email: '', password: '', repeatpassword: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { notice, error, failed, clear, show } = useNotice();
  const hintId = useId();
  const { t } = useTranslation('account');

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const allFilled = Object.values(form).every((v) => v.trim() !== '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || done) return;
    if (!allFilled) return error(ALL_FIELDS);
    const fieldProblem = usernameMessage(form.username.trim()) ?? emailMessage(form.email.trim());
    if (fieldProblem) return error(fieldProblem);
    if (form.password !== form.repeatpassword) return error(PASSWORDS_DIFFER);
    const rules = passwordProblems(form.password);
    if (rules.length) return error(rules.join('\n'), true);
    setBusy(true);
    clear();
    try {
      const { username } = await accountApi.signUp({ ...form, username: form.username.trim(), email: form.email.trim() });
      session.signedIn(username);
      fire(SIGNUP_SUCCESS);
      setDone(true);
      show({ tone: 'success', text: successText }, MESSAGE_MS.welcome);
      onSignedUp(username);
    } catch (err) {
      if (!(err instanceof ApiError)) error(t('signUp.noResponse'));
      else failed(err, t('signUp.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('signUp.title')}>
      <FormTitle as={titleAs}>{t('signUp.title')}</FormTitle>
      <Field label={t('signUp.username')} name="username" autoComplete="username" value={form.username} onChange={set('username')} />
      <Field label={t('signUp.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
      <Field
        label={t('signUp.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('signUp.passwordHint', { min: PASSWORD_MIN })}
        value={form.password}
        onChange={set('password')}
      />
      <Field
        label={t('signUp.repeatPassword')}
        name="repeatpassword"
        type="password"
        autoComplete="new-password"
        value={form.repeatpassword}
        onChange={set('repeatpassword')}
      />
      <Notice notice={notice} />
      <button
        type="submit"
        className="btn btn--accent btn--block auth-form__submit"
        disabled={busy || done || (disableUntilFilled && !allFilled)}
        aria-describedby={disableUntilFilled && !allFilled ? hintId : undefined}
      >
        {busy ? t('signUp.busy') : t('signUp.submit')}
      </button>
      {disableUntilFilled && !allFilled ? (
        <p id={hintId} className="auth-form__note">
          {t('signUp.fillAll')}
        </p>
      ) : null}
      <p className="auth-form__switch">
        {t('signUp.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={onSwitch}>
          {t('signUp.signIn')}
        </button>
      </p>
    </form>
  );
}

export function ForgotPasswordForm({
  titleAs,
  withAdvice,
  onBack,
}: {
  titleAs: Heading;
  /** The desktop success message adds advice to check the inbox or spam folder. */
  withAdvice: boolean;
  onBack: () => void;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const flash = useFlash<NoticeValue>();
  const { t } = useTranslation('account');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    flash.clear();
    try {
      await accountApi.forgotPassword(email.trim());
      flash.show({ tone: 'success', text: withAdvice ? `${RESET_LINK_SENT} ${t('forgot.advice')}` : RESET_LINK_SENT }, MESSAGE_MS.resetLink);
      setEmail('');
    } catch (err) {
      flash.show(
        { tone: 'error', text: err instanceof ApiError && err.fromServer ? err.message : t('forgot.serverError') },
        MESSAGE_MS.error,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t('forgot.form')}>
      <FormTitle as={titleAs}>{t('forgot.title')}</FormTitle>
      <p className="auth-form__intro">{t('forgot.intro')}</p>
      <Field
        label={t('forgot.email')}
        name="resetEmail"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Notice notice={flash.value} />
      <button type="submit" className="btn btn--block auth-form__submit" disabled={busy}>
        {busy ? t('forgot.busy') : t('forgot.submit')}
      </button>
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={onBack}>
          {t('forgot.back')}
        </button>
      </p>
    </form>
  );
}
