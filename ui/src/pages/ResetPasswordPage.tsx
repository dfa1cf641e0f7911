import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams } from 'react-router-dom';
import { PASSWORD_MIN, passwordProblems } from '../../../core/identity/domain/password-policy';
import { PASSWORD_RESET_DONE } from '../../../core/identity/domain/password-reset';
import { ALL_FIELDS, PASSWORDS_DIFFER } from '../../../core/identity/domain/user';
import { accountApi, ApiError } from '../api/client';
import { failedCall, isPasswordRules, Notice, type NoticeValue } from '../auth/Notice';
import { Field } from '../design/Field';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import '../auth/auth.css';
import '../account/account.css';

/**
 * /reset-password/:token: a new password and its repeat, sent with the e-mailed link's token.
 * It starts no session: the shopper signs in with the new password.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentMeta(t('reset.meta'));
  const { token = '' } = useParams();
  const [form, setForm] = useState({ newPassword: '', repeatPassword: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const flash = useFlash<NoticeValue>();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  /** `passwordRules`: the text is the password rules the form's check or the server found broken. */
  const error = (text: string, passwordRules = false) =>
    flash.show({ tone: 'error', text }, passwordRules ? MESSAGE_MS.passwordRules : MESSAGE_MS.error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!form.newPassword || !form.repeatPassword) return error(ALL_FIELDS);
    if (form.newPassword !== form.repeatPassword) return error(PASSWORDS_DIFFER);
    const rules = passwordProblems(form.newPassword);
    if (rules.length) return error(rules.join('\n'), true);
    setBusy(true);
    flash.clear();
    try {
      setDone((await accountApi.resetPassword(token, form.newPassword, form.repeatPassword)) || PASSWORD_RESET_DONE);
    } catch (err) {
      if (!(err instanceof ApiError)) error(t('reset.noResponse'));
      else {
        const { text, codes } = failedCall(err, t('reset.failed'));
        error(text, isPasswordRules(codes));
      }
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="container page">
        <div className="state card card--padded signed-out" role="status">
          <h1 className="state__title">{t('reset.done')}</h1>
          <p>{done}</p>
          <Link to="/user/login" className="btn">
            {t('reset.signIn')}
          </Link>
        </div>
      </div>
    );

  return (
    <div className="container page">
      <div className="card card--padded reset-password">
        <form className="auth-form" onSubmit={submit} noValidate aria-label={t('reset.form')}>
          <h1 className="auth-form__title">{t('reset.title')}</h1>
          <Field
            label={t('reset.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint={t('signUp.passwordHint', { min: PASSWORD_MIN })}
            value={form.newPassword}
            onChange={set('newPassword')}
          />
          <Field
            label={t('reset.repeatPassword')}
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            value={form.repeatPassword}
            onChange={set('repeatPassword')}
          />
          <Notice notice={flash.value} />
          <button type="submit" className="btn btn--block auth-form__submit" disabled={busy}>
            {busy ? t('reset.busy') : t('reset.submit')}
          </button>
          <p className="auth-form__switch">
            <Link to="/user/login">{t('reset.back')}</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
