import { useTranslation } from '../i18n/use-translation';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { OrderFiles } from '../delivery/OrderFiles';
import { Link, useSearchParams } from 'react-router-dom';
import { fromDecimal, zero } from '../../../core/shared/money';
import { LINK_LIFE_MINUTES } from '../../../core/delivery/domain/downloads';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblems } from '../../../core/identity/domain/password-policy';
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
import { ADMIN_LINKS, productHref } from '../layout/links';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { useFormat } from '../i18n/format';
import '../account/account.css';
import { TransferReceipt } from '../checkout/TransferReceipt';
import { placeOf } from '../checkout/pay-place';

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
  const { t } = useTranslation('account');

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
      success(message || t('profile.usernameUpdated'));
    } catch (err) {
      error(err instanceof ApiError && err.fromServer ? err.message : t('profile.usernameFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label={t('profile.changeUsername')}>
      <h3 className="profile-form__title">{t('profile.changeUsername')}</h3>
      <Field
        label={t('profile.newUsername')}
        name="newUsername"
        autoComplete="username"
        pattern={USERNAME_PATTERN}
        hint={t('profile.usernameHint')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Notice notice={notice} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? t('profile.saving') : t('profile.updateUsername')}
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
  const { t } = useTranslation('account');
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
      success(message || t('profile.passwordUpdated'));
      if (!hasPassword) onSet();
    } catch (err) {
      const { text, codes } = failedCall(err, t('profile.passwordFailed'));
      error(text, isPasswordRules(codes));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="profile-form" onSubmit={submit} noValidate aria-label={hasPassword ? t('profile.changePassword') : t('profile.setPassword')}>
      <h3 className="profile-form__title">{hasPassword ? t('profile.changePassword') : t('profile.setPassword')}</h3>
      {hasPassword ? (
        <Field label={t('profile.currentPassword')} name="oldpassword" type="password" autoComplete="current-password" value={form.oldpassword} onChange={set('oldpassword')} />
      ) : (
        <p className="profile-form__hint">{t('profile.googleOnly')}</p>
      )}
      <Field
        label={t('profile.newPassword')}
        name="newpassword"
        type="password"
        autoComplete="new-password"
        pattern={CHANGE_PASSWORD_PATTERN}
        title={t('profile.lowercase')}
        hint={t('profile.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        value={form.newpassword}
        onChange={set('newpassword')}
      />
      <Field label={t('profile.repeatNewPassword')} name="repeatpassword" type="password" autoComplete="new-password" value={form.repeatpassword} onChange={set('repeatpassword')} />
      <Notice notice={notice} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? t('profile.saving') : hasPassword ? t('profile.updatePassword') : t('profile.setPasswordButton')}
      </button>
    </form>
  );
}

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
  const { t } = useTranslation('account');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) return error(ALL_FIELDS);
    setBusy(true);
    clear();
    try {
      leavePage(await accountApi.connectGoogle(password));
    } catch (err) {
      error(err instanceof ApiError && err.fromServer ? err.message : t('profile.connectGoogleFailed'));
      setBusy(false);
    }
  };

  const told =
    outcome === 'connected' ? (
      <Alert tone="success">
        <p dir="auto">{GOOGLE_CONNECTED}</p>
      </Alert>
    ) : isExternalSignInFailure(outcome) ? (
      <Alert tone={outcome === 'cancelled' ? 'info' : 'error'}>
        <p dir="auto">{EXTERNAL_SIGN_IN_MESSAGES[outcome]}</p>
      </Alert>
    ) : null;

  if (connected)
    return told ?? <p className="profile-form__hint">{hasPassword ? t('profile.googleAndPassword') : t('profile.googleSignIn')}</p>;
  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label={t('profile.connectGoogle')}>
      <h3 className="profile-form__title">{t('profile.googleTitle')}</h3>
      {told}
      <p className="profile-form__hint">{t('profile.googleIntro')}</p>
      <Field label={t('profile.yourPassword')} name="connectPassword" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Notice notice={notice} />
      <button type="submit" className="btn btn--secondary" disabled={busy}>
        {busy ? t('profile.connecting') : t('profile.connectGoogle')}
      </button>
    </form>
  );
}

const orderNumber = (id: string) => id.slice(-6);

/** When a reference runs out, in the buyer's own clock. */
const UNTIL: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/** The key of what the order's buyer is told of its delivery. */
function deliveryNote(order: OrderSummary): string {
  if (order.state === 'refunded') return 'orders.noteRefunded';
  if (order.state === 'awaiting payment') return 'orders.noteAwaiting';
  if (order.state === 'failed') return 'orders.noteFailed';
  if (order.state === 'not completed') return 'orders.noteNotCompleted';
  if (order.delivered) return deliveredNote(order);
  return 'orders.notePending';
}

/** What a delivered order's buyer finds below: files the store keeps, links elsewhere with a password, or both. */
function deliveredNote(order: OrderSummary): string {
  const files = order.products.some((p) => !p.refunded && p.files);
  const links = order.products.some((p) => !p.refunded && p.download);
  if (files && links) return 'orders.noteFilesAndLinks';
  if (files) return 'orders.noteFiles';
  if (links) return 'orders.noteLinks';
  return 'orders.noteDelivered';
}

/** A delivered product: the store's download link (it checks the owner, then sends the browser on) and the file's password. */
function Download({ title, download }: { title: string; download: { url: string; password: string } }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation('account');
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
      <a className="btn btn--secondary btn--sm" href={download.url} aria-label={t('orders.downloadTitle', { title })}>
        {t('orders.download')}
      </a>
      <span className="order__password">
        {t('orders.password')} <code>{download.password}</code>
      </span>
      {typeof navigator !== 'undefined' && navigator.clipboard ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copy()} aria-label={t('orders.copyPassword', { title })}>
          {copied ? t('orders.copied') : t('orders.copy')}
        </button>
      ) : null}
    </div>
  );
}

function OrderList({ orders, label }: { orders: OrderSummary[]; label: string }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const totalOf = (order: OrderSummary): string => {
    const total = fromDecimal(order.total, order.currency);
    return total ? format.money(total) : '';
  };
  return (
    <ul className="order-list" aria-label={label}>
      {orders.map((order) => (
        <li key={order._id} className="order">
          <div className="order__header">
            <h3 className="order__number">{t('orders.number', { number: orderNumber(order._id) })}</h3>
            <span className={`chip order__status order__status--${order.state.replace(' ', '-')}`}>{t(`orders.state.${order.state}`, { defaultValue: order.state })}</span>
            {order.delivered ? <span className="chip order__status order__status--delivered">{t('orders.delivered')}</span> : null}
            {order.createdAt ? <span className="order__date">{format.date(order.createdAt)}</span> : null}
          </div>
          <ul className="order__products">
            {order.products.map((p) => (
              <li key={p._id} className="order__product">
                <Link to={productHref(p._id)} dir="auto">{p.title}</Link>
                {p.refunded ? <span className="chip order__status order__status--refunded">{t('orders.refunded')}</span> : null}
                {order.delivered && p.download ? <Download title={p.title} download={p.download} /> : null}
                {order.delivered && p.files ? <OrderFiles orderId={order._id} productId={p._id} title={p.title} line={p.files} /> : null}
              </li>
            ))}
          </ul>
          {order.coupon ? (
            <p className="order__coupon">
              {t('orders.coupon', { code: order.coupon.code, amount: format.money(fromDecimal(order.coupon.discount, order.currency) ?? zero(order.currency)) })}
            </p>
          ) : null}
          <p className="order__total">
            {t('orders.total')} <span>{totalOf(order)}</span>
          </p>
          <p className="order__delivery">{t(deliveryNote(order), { minutes: LINK_LIFE_MINUTES })}</p>
          {order.state === 'awaiting payment' && order.payAt ? (
            <dl className="order__pay-at">
              <div>
                <dt>{t('orders.reference')}</dt>
                <dd>
                  <code>{order.payAt.reference}</code>
                </dd>
              </div>
              {placeOf(order.payAt, t) ? (
                <div>
                  <dt>{t('orders.payAt')}</dt>
                  <dd dir="auto">{placeOf(order.payAt, t)}</dd>
                </div>
              ) : null}
              {order.payAt.expiresAt ? (
                <div>
                  <dt>{t('orders.payBefore')}</dt>
                  <dd>{format.date(order.payAt.expiresAt, UNTIL)}</dd>
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
  const { t } = useTranslation('account');
  const unfinished =
    attempts.length > 0 ? (
      <section className="profile-orders__attempts" aria-labelledby="attempts-title">
        <h3 id="attempts-title" className="profile-orders__attempts-title">
          {t('orders.notCompleted')}
        </h3>
        <OrderList orders={attempts} label={t('orders.notCompleted')} />
      </section>
    ) : null;
  return (
    <>
      {orders.length === 0 ? (
        <div className="state profile-orders__empty">
          <h3 className="state__title">{t('orders.none')}</h3>
          <p>{t('orders.noneText')}</p>
          <Link to="/" className="btn btn--secondary">
            {t('orders.browse')}
          </Link>
        </div>
      ) : (
        <OrderList orders={orders} label={t('orders.yours')} />
      )}
      {waiting.length > 0 ? (
        <section className="profile-orders__attempts" aria-labelledby="waiting-title">
          <h3 id="waiting-title" className="profile-orders__attempts-title">
            {t('orders.waiting')}
          </h3>
          <OrderList orders={waiting} label={t('orders.waiting')} />
        </section>
      ) : null}
      {unfinished}
    </>
  );
}

/** /user/profile: collapsible Profile (details, username and password change) and Orders sections. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  useDocumentMeta(t('profile.meta'));
  const session = useSession();
  const { refresh } = session;
  const [data, setData] = useState<ProfileData | null>(null);
  // the key of the failure's message: said in the language of the moment it shows
  const [loadError, setLoadError] = useState<'profile.loadFailed' | 'profile.error' | null>(null);

  useEffect(() => {
    let current = true;
    accountApi.profile().then(
      (profile) => current && setData(profile),
      (err: unknown) => {
        if (!current) return;
        // a session that ended meanwhile: the guard takes the user to sign in once the check says so
        if (err instanceof ApiError && err.status === 401) void refresh();
        setLoadError(err instanceof ApiError ? 'profile.loadFailed' : 'profile.error');
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
        <h1>{t('profile.title')}</h1>
        <p>{t('profile.intro')}</p>
      </div>
      {loadError ? (
        <Alert tone="error">
          <p>{t(loadError)}</p>
        </Alert>
      ) : (
        <div className="profile-grid">
          <Collapsible title={t('profile.profile')}>
            {data ? (
              <dl className="profile-details">
                <div>
                  <dt>{t('profile.username')}</dt>
                  <dd>{data.username}</dd>
                </div>
                <div>
                  <dt>{t('profile.email')}</dt>
                  <dd>{data.email}</dd>
                </div>
                {googleSignInOffered() ? (
                  <div>
                    <dt>{t('profile.google')}</dt>
                    <dd>{data.connected.includes('google') ? t('profile.connected') : t('profile.notConnected')}</dd>
                  </div>
                ) : null}
              </dl>
            ) : (
              <div role="status" aria-live="polite">
                <span className="visually-hidden">{t('profile.loading')}</span>
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
          <Collapsible title={t('profile.orders')}>
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
                {t('profile.admin')}
              </h2>
              <ul className="chip-list">
                {ADMIN_LINKS.map((l) => (
                  <li key={l.href}>
                    <Link to={l.href} className="btn btn--secondary btn--sm">
                      {t(l.label, { ns: 'common' })}
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
