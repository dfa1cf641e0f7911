import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { OrderFiles } from '../delivery/OrderFiles';
import { Link, useSearchParams } from 'react-router-dom';
import { formatMoney, fromDecimal } from '../../../core/shared/money';
import { LINK_LIFE_MINUTES } from '../../../core/delivery/domain/downloads';
import { passwordProblems } from '../../../core/identity/domain/password-policy';
import { ALL_FIELDS, PASSWORDS_DIFFER, usernameMessage } from '../../../core/identity/domain/user';
import { EXTERNAL_SIGN_IN_MESSAGES, GOOGLE_CONNECTED, isExternalSignInFailure } from '../../../core/identity/domain/external-identity';
import { googleSignInOffered } from '../auth/googleSignIn';
import { leavePage } from '../checkout/leavePage';
import { CHANGE_PASSWORD_PATTERN, USERNAME_PATTERN } from '../account/input-patterns';
import { accountApi, ApiError, type OrderSummary, type ProfileData } from '../api/client';
import { useSession } from '../auth/AuthContext';
import { failedCall, isPasswordRules, Notice, type NoticeValue } from '../auth/Notice';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { ChevronDownIcon } from '../design/icons';
import { Skeleton } from '../design/Skeleton';
import { ADMIN_LINKS } from '../layout/links';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import '../account/account.css';
import { TransferReceipt } from '../checkout/TransferReceipt';

export const PROFILE_LOAD_FAILED = 'Failed to fetch profile data';
export const PROFILE_ERROR = 'An error occurred';
export const USERNAME_UPDATED = 'Username updated successfully!';
export const USERNAME_FAILED = 'Failed to update username';
export const PASSWORD_UPDATED = 'Password updated successfully!';
export const PASSWORD_FAILED = 'Failed to update password';

/** A section whose body folds away under its heading button. */
function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <section className="card profile-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="profile-section__heading">
        <button type="button" className="profile-section__toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          <ChevronDownIcon />
        </button>
      </h2>
      <div id={`${id}-body`} className="profile-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function useFormNotice() {
  const flash = useFlash<NoticeValue>();
  return {
    notice: flash.value,
    clear: flash.clear,
    success: (text: string) => flash.show({ tone: 'success', text }, MESSAGE_MS.error),
    error: (text: string, rules = false) => flash.show({ tone: 'error', text }, rules ? MESSAGE_MS.passwordRules : MESSAGE_MS.error),
  };
}

function UsernameForm({ onChanged }: { onChanged: (username: string) => void }) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const { notice, success, error, clear } = useFormNotice();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = usernameMessage(value.trim());
    if (problem) return error(problem);
    setBusy(true);
    clear();
    try {
      const { username, message } = await accountApi.changeUsername(value.trim());
      onChanged(username);
      setValue('');
      success(message || USERNAME_UPDATED);
    } catch (err) {
      error(err instanceof ApiError && err.fromServer ? err.message : USERNAME_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="Change username">
      <h3 className="profile-form__title">Change username</h3>
      <Field
        label="New username"
        name="newUsername"
        autoComplete="username"
        pattern={USERNAME_PATTERN}
        hint="At least 3 letters or digits."
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Notice notice={notice} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving…' : 'Update username'}
      </button>
    </form>
  );
}

/**
 * Change password; or, for an account made by Google sign-in that has no password of its own, set
 * one (new and repeat only: there is no current password to give).
 */
function PasswordForm({ hasPassword, onSet }: { hasPassword: boolean; onSet: () => void }) {
  const [form, setForm] = useState({ oldpassword: '', newpassword: '', repeatpassword: '' });
  const [busy, setBusy] = useState(false);
  const { notice, success, error, clear } = useFormNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if ((hasPassword && !form.oldpassword) || !form.newpassword || !form.repeatpassword) return error(ALL_FIELDS);
    if (form.newpassword !== form.repeatpassword) return error(PASSWORDS_DIFFER);
    const rules = passwordProblems(form.newpassword);
    if (rules.length) return error(rules.join('\n'), true);
    // the input pattern (a lowercase letter too) is the browser's to report, with its own wording
    const newInput = formRef.current?.elements.namedItem('newpassword');
    if (newInput instanceof HTMLInputElement && !newInput.checkValidity()) {
      newInput.reportValidity();
      return;
    }
    setBusy(true);
    clear();
    try {
      const message = await accountApi.changePassword(hasPassword ? form.oldpassword : '', form.newpassword, form.repeatpassword);
      setForm({ oldpassword: '', newpassword: '', repeatpassword: '' });
      success(message || PASSWORD_UPDATED);
      if (!hasPassword) onSet();
    } catch (err) {
      const { text, codes } = failedCall(err, PASSWORD_FAILED);
      error(text, isPasswordRules(codes));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="profile-form" onSubmit={submit} noValidate aria-label={hasPassword ? 'Change password' : 'Set a password'}>
      <h3 className="profile-form__title">{hasPassword ? 'Change password' : 'Set a password'}</h3>
      {hasPassword ? (
        <Field label="Current password" name="oldpassword" type="password" autoComplete="current-password" value={form.oldpassword} onChange={set('oldpassword')} />
      ) : (
        <p className="profile-form__hint">You sign in with Google. Set a password to sign in with your username or e-mail address too.</p>
      )}
      <Field
        label="New password"
        name="newpassword"
        type="password"
        autoComplete="new-password"
        pattern={CHANGE_PASSWORD_PATTERN}
        title="Include at least one lowercase letter."
        hint="6 to 100 characters with an uppercase letter, a lowercase letter and 2 digits; no spaces."
        value={form.newpassword}
        onChange={set('newpassword')}
      />
      <Field label="Repeat new password" name="repeatpassword" type="password" autoComplete="new-password" value={form.repeatpassword} onChange={set('repeatpassword')} />
      <Notice notice={notice} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving…' : hasPassword ? 'Update password' : 'Set password'}
      </button>
    </form>
  );
}

export const CONNECT_GOOGLE_FAILED = 'Google could not be connected. Please try again.';

/**
 * Connecting Google: the owner's password first (a session left open must not be enough to add a
 * way in), then Google, which sends the browser back here with `?google=connected` or a reason.
 */
function ConnectGoogle({ connected, hasPassword }: { connected: boolean; hasPassword: boolean }) {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { notice, error, clear } = useFormNotice();
  const outcome = params.get('google');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) return error(ALL_FIELDS);
    setBusy(true);
    clear();
    try {
      leavePage(await accountApi.connectGoogle(password));
    } catch (err) {
      error(err instanceof ApiError && err.fromServer ? err.message : CONNECT_GOOGLE_FAILED);
      setBusy(false);
    }
  };

  const told =
    outcome === 'connected' ? (
      <Alert tone="success">
        <p>{GOOGLE_CONNECTED}</p>
      </Alert>
    ) : isExternalSignInFailure(outcome) ? (
      <Alert tone={outcome === 'cancelled' ? 'info' : 'error'}>
        <p>{EXTERNAL_SIGN_IN_MESSAGES[outcome]}</p>
      </Alert>
    ) : null;

  if (connected)
    return told ?? <p className="profile-form__hint">{hasPassword ? 'You can sign in with Google as well as with your password.' : 'You sign in with Google.'}</p>;
  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="Connect Google">
      <h3 className="profile-form__title">Sign in with Google</h3>
      {told}
      <p className="profile-form__hint">Connect your Google account to sign in with it as well as with your password.</p>
      <Field label="Your password" name="connectPassword" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Notice notice={notice} />
      <button type="submit" className="btn btn--secondary" disabled={busy}>
        {busy ? 'Connecting…' : 'Connect Google'}
      </button>
    </form>
  );
}

const orderNumber = (id: string) => id.slice(-6);
const orderDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
};

const orderTotal = (order: OrderSummary): string => {
  const total = fromDecimal(order.total, order.currency);
  return total ? formatMoney(total) : '';
};

/** When a reference runs out, in the buyer's own clock. */
const untilText = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function deliveryNote(order: OrderSummary): string {
  if (order.state === 'refunded') return 'Refunded: the money went back to you, and the downloads are closed.';
  if (order.state === 'awaiting payment') return 'Waiting for your payment: pay the amount against the reference below. The order is completed as soon as it is paid.';
  if (order.state === 'failed') return 'This payment did not go through; nothing was delivered.';
  if (order.state === 'not completed') return 'This payment was not completed. Nothing is delivered unless it is.';
  if (order.delivered) return deliveredNote(order);
  return 'Your download link appears here once the order is delivered.';
}

export const FILES_NOTE = `Delivered: each Download click makes a link for you that works for ${LINK_LIFE_MINUTES} minutes; the downloads left are shown under each product.`;
export const LINKS_NOTE = 'Delivered: open each download with the password beside it.';

/** What a delivered order's buyer finds below: files the store keeps, links elsewhere with a password, or both. */
function deliveredNote(order: OrderSummary): string {
  const files = order.products.some((p) => !p.refunded && p.files);
  const links = order.products.some((p) => !p.refunded && p.download);
  if (files && links) return `${FILES_NOTE} A product kept elsewhere opens with the password beside it.`;
  if (files) return FILES_NOTE;
  if (links) return LINKS_NOTE;
  return 'Delivered.';
}

/** A delivered product: the store's download link (it checks the owner, then sends the browser on) and the file's password. */
function Download({ title, download }: { title: string; download: { url: string; password: string } }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(download.password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="order__download">
      <a className="btn btn--secondary btn--sm" href={download.url} aria-label={`Download ${title}`}>
        Download
      </a>
      <span className="order__password">
        Password: <code>{download.password}</code>
      </span>
      {typeof navigator !== 'undefined' && navigator.clipboard ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copy()} aria-label={`Copy the password of ${title}`}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      ) : null}
    </div>
  );
}

function OrderList({ orders, label }: { orders: OrderSummary[]; label: string }) {
  return (
    <ul className="order-list" aria-label={label}>
      {orders.map((order) => (
        <li key={order._id} className="order">
          <div className="order__header">
            <h3 className="order__number">Order #{orderNumber(order._id)}</h3>
            <span className={`chip order__status order__status--${order.state.replace(' ', '-')}`}>{order.state}</span>
            {order.delivered ? <span className="chip order__status order__status--delivered">delivered</span> : null}
            {order.createdAt ? <span className="order__date">{orderDate(order.createdAt)}</span> : null}
          </div>
          <ul className="order__products">
            {order.products.map((p) => (
              <li key={p._id} className="order__product">
                <Link to={`/product/${p._id}`} dir="auto">{p.title}</Link>
                {p.refunded ? <span className="chip order__status order__status--refunded">refunded</span> : null}
                {order.delivered && p.download ? <Download title={p.title} download={p.download} /> : null}
                {order.delivered && p.files ? <OrderFiles orderId={order._id} productId={p._id} title={p.title} line={p.files} /> : null}
              </li>
            ))}
          </ul>
          <p className="order__total">
            Total: <span>{orderTotal(order)}</span>
          </p>
          <p className="order__delivery">{deliveryNote(order)}</p>
          {order.state === 'awaiting payment' && order.payAt ? (
            <dl className="order__pay-at">
              <div>
                <dt>Reference</dt>
                <dd>
                  <code>{order.payAt.reference}</code>
                </dd>
              </div>
              {order.payAt.payTo ? (
                <div>
                  <dt>Pay at</dt>
                  <dd>{order.payAt.payTo}</dd>
                </div>
              ) : null}
              {order.payAt.expiresAt ? (
                <div>
                  <dt>Pay before</dt>
                  <dd>{untilText(order.payAt.expiresAt)}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {order.provider === 'transfer' && order.state === 'awaiting payment' && order.payAt ? (
            <TransferReceipt orderId={order._id} payAt={order.payAt} details={false} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The buyer's purchases; then, apart, the payments that were started and never completed (the
 * core says which, and when one counts as failed), so they never read as purchases on their way.
 */
export function Orders({ orders: all }: { orders: OrderSummary[] }) {
  const orders = all.filter((o) => o.state === 'paid' || o.state === 'partly refunded' || o.state === 'refunded');
  const waiting = all.filter((o) => o.state === 'awaiting payment');
  const attempts = all.filter((o) => o.state === 'not completed' || o.state === 'failed');
  const unfinished =
    attempts.length > 0 ? (
      <section className="profile-orders__attempts" aria-labelledby="attempts-title">
        <h3 id="attempts-title" className="profile-orders__attempts-title">
          Payments not completed
        </h3>
        <OrderList orders={attempts} label="Payments not completed" />
      </section>
    ) : null;
  return (
    <>
      {orders.length === 0 ? (
        <div className="state profile-orders__empty">
          <h3 className="state__title">No orders yet</h3>
          <p>Books, courses and journals you buy appear here, with their download links.</p>
          <Link to="/" className="btn btn--secondary">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <OrderList orders={orders} label="Your orders" />
      )}
      {waiting.length > 0 ? (
        <section className="profile-orders__attempts" aria-labelledby="waiting-title">
          <h3 id="waiting-title" className="profile-orders__attempts-title">
            Waiting for your payment
          </h3>
          <OrderList orders={waiting} label="Waiting for your payment" />
        </section>
      ) : null}
      {unfinished}
    </>
  );
}

/** /user/profile: collapsible Profile (details, username and password change) and Orders sections. */
export default function ProfilePage() {
  const { t } = useTranslation();
  useDocumentMeta('Your account');
  const session = useSession();
  const { refresh } = session;
  const [data, setData] = useState<ProfileData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    accountApi.profile().then(
      (profile) => current && setData(profile),
      (err: unknown) => {
        if (!current) return;
        // a session that ended meanwhile: the guard takes the user to sign in once the check says so
        if (err instanceof ApiError && err.status === 401) void refresh();
        setLoadError(err instanceof ApiError ? PROFILE_LOAD_FAILED : PROFILE_ERROR);
      },
    );
    return () => {
      current = false;
    };
  }, [refresh]);

  const renamed = (username: string) => {
    setData((d) => (d ? { ...d, username } : d));
    session.renamed(username);
  };

  return (
    <div className="container page profile-page">
      <div className="page-header">
        <h1>Your account</h1>
        <p>Your details, your password and your orders.</p>
      </div>
      {loadError ? (
        <Alert tone="error">
          <p>{loadError}</p>
        </Alert>
      ) : (
        <div className="profile-grid">
          <Collapsible title="Profile">
            {data ? (
              <dl className="profile-details">
                <div>
                  <dt>Username</dt>
                  <dd>{data.username}</dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd>{data.email}</dd>
                </div>
                {googleSignInOffered() ? (
                  <div>
                    <dt>Google</dt>
                    <dd>{data.connected.includes('google') ? 'Connected' : 'Not connected'}</dd>
                  </div>
                ) : null}
              </dl>
            ) : (
              <div role="status" aria-live="polite">
                <span className="visually-hidden">Loading your profile…</span>
                <Skeleton className="skeleton--text" style={{ width: '50%' }} />
                <Skeleton className="skeleton--text" style={{ width: '70%' }} />
              </div>
            )}
            <div className="profile-forms">
              <UsernameForm onChanged={renamed} />
              <PasswordForm hasPassword={data?.hasPassword ?? true} onSet={() => setData((d) => (d ? { ...d, hasPassword: true } : d))} />
              {data && googleSignInOffered() ? <ConnectGoogle connected={data.connected.includes('google')} hasPassword={data.hasPassword} /> : null}
            </div>
          </Collapsible>
          <Collapsible title="Orders">
            {data ? (
              <Orders orders={data.orders} />
            ) : (
              <div aria-hidden="true">
                <Skeleton style={{ height: '5rem', borderRadius: '10px' }} />
              </div>
            )}
          </Collapsible>
          {session.isAdmin ? (
            <section className="card card--padded profile-admin" aria-labelledby="profile-admin-heading">
              <h2 id="profile-admin-heading" className="profile-admin__heading">
                Store administration
              </h2>
              <ul className="chip-list">
                {ADMIN_LINKS.map((l) => (
                  <li key={l.href}>
                    <Link to={l.href} className="btn btn--secondary btn--sm">
                      {t(l.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
