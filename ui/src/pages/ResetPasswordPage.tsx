import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PASSWORD_HINT, passwordProblems } from '../../../core/identity/domain/password-policy';
import { PASSWORD_RESET_DONE } from '../../../core/identity/domain/password-reset';
import { ALL_FIELDS, PASSWORDS_DIFFER } from '../../../core/identity/domain/user';
import { accountApi, ApiError } from '../api/client';
import { failedCall, isPasswordRules, Notice, type NoticeValue } from '../auth/Notice';
import { Field } from '../design/Field';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import '../auth/auth.css';
import '../account/account.css';

export const RESET_FAILED = 'Password reset failed';
export const RESET_NO_RESPONSE = 'An error occurred. Please try again.';

/**
 * /reset-password/:token: a new password and its repeat, sent with the e-mailed link's token.
 * It starts no session: the shopper signs in with the new password.
 */
export default function ResetPasswordPage() {
  useDocumentMeta('Reset your password');
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
      if (!(err instanceof ApiError)) error(RESET_NO_RESPONSE);
      else {
        const { text, codes } = failedCall(err, RESET_FAILED);
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
          <h1 className="state__title">Password reset</h1>
          <p>{done}</p>
          <Link to="/user/login" className="btn">
            Sign in
          </Link>
        </div>
      </div>
    );

  return (
    <div className="container page">
      <div className="card card--padded reset-password">
        <form className="auth-form" onSubmit={submit} noValidate aria-label="Choose a new password">
          <h1 className="auth-form__title">Reset your password</h1>
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            value={form.newPassword}
            onChange={set('newPassword')}
          />
          <Field
            label="Repeat new password"
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            value={form.repeatPassword}
            onChange={set('repeatPassword')}
          />
          <Notice notice={flash.value} />
          <button type="submit" className="btn btn--block auth-form__submit" disabled={busy}>
            {busy ? 'Saving…' : 'Reset password'}
          </button>
          <p className="auth-form__switch">
            <Link to="/user/login">Back to sign in</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
