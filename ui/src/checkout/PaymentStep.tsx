import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  checkoutFormProblems,
  PAYMENT_METHODS,
  PAYPAL_NEEDS_DETAILS,
  type CheckoutProblems,
  type PaymentMethod,
} from '../../../core/cart/domain/checkout-form';
import { checkoutApi, type CheckoutRequest, type OrderData, type PaymentSettings } from '../api/checkout';
import { ApiError } from '../api/client';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { useViewportWidth } from '../hooks/useViewportWidth';
import type { StepMessage } from './PayPalPayment';
import { frameHeight, PAYMENT_INIT_FAILED, PAYPAL_LOAD_FAILED, PAYPAL_UNAVAILABLE, SUCCESS_PATH, TEST_PAYMENT } from './messages';
import './checkout.css';

const PayPalPayment = lazy(() => import('./PayPalPayment'));

/** A free order's e-mail goes to the account's own address, never to one typed here (no relay). */
export const FREE_RECEIPT_HINT = "For a free order, the receipt goes to your account's own e-mail address.";

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  Dpaypal: 'PayPal (wallet and credit cards)',
  DPaymob: 'Credit card (Paymob)',
};

type Stage = { name: 'form' } | { name: 'paypal' } | { name: 'paymob'; iframeUrl: string };
type Settings = { status: 'loading' } | { status: 'error' } | { status: 'ready'; settings: PaymentSettings };

function useSettings(needed: boolean) {
  const [settings, setSettings] = useState<Settings>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    setSettings({ status: 'loading' });
    checkoutApi.settings().then(
      (s) => current && setSettings({ status: 'ready', settings: s }),
      () => current && setSettings({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [needed, attempt]);
  return { settings, reload: () => setAttempt((a) => a + 1) };
}

const isTest = (settings: Settings, method: string): boolean =>
  settings.status === 'ready' &&
  ((method === 'Dpaypal' && settings.settings.paypal.test) || (method === 'DPaymob' && settings.settings.paymob.test));

function PaymobFrame({ url }: { url: string }) {
  const height = frameHeight(useViewportWidth());
  return <iframe className="payment-frame" src={url} title="Card payment (Paymob)" height={height} style={{ height }} />;
}

/**
 * The checkout form (name, e-mail, payment method) and the payment it leads to, for one product
 * (Buy now, with its id) or the whole cart (without). A free order needs no provider: one button
 * takes it. The server prices every order; this only names what is bought.
 */
export function PaymentStep({ productId, free, title = 'Checkout' }: { productId?: string; free: boolean; title?: string }) {
  const navigate = useNavigate();
  const groupId = useId();
  const [form, setForm] = useState({ name: '', email: '', paymentmethod: '' });
  const [problems, setProblems] = useState<CheckoutProblems>({});
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<StepMessage | null>(null);
  const { settings, reload } = useSettings(!free);

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const paypalWaiting = !free && form.paymentmethod === 'Dpaypal' && (!form.name.trim() || !form.email.trim());
  const checkout: CheckoutRequest = {
    ...(productId ? { items: [{ productId }] } : {}),
    name: form.name.trim(),
    email: form.email.trim(),
  };

  const paid = useCallback((orderData: OrderData) => navigate(SUCCESS_PATH, { state: { orderData } }), [navigate]);
  const unavailable = useCallback(() => {
    setForm((f) => ({ ...f, paymentmethod: '' }));
    setStage({ name: 'form' });
    setMessage({ tone: 'error', text: PAYPAL_UNAVAILABLE });
  }, []);

  /** Paymob's frame, or a free order already paid. */
  const pay = async () => {
    setBusy(true);
    try {
      const { iframeUrl, order } = await checkoutApi.pay(checkout);
      if (iframeUrl) setStage({ name: 'paymob', iframeUrl });
      else if (order.status === 'paid') paid(order);
      else setMessage({ tone: 'error', text: PAYMENT_INIT_FAILED });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : PAYMENT_INIT_FAILED });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { paymentmethod, ...details } = checkoutFormProblems(form);
    const found = free ? details : { ...details, ...(paymentmethod ? { paymentmethod } : {}) };
    setProblems(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    if (free || form.paymentmethod === 'DPaymob') void pay();
    else setStage({ name: 'paypal' });
  };

  const backToForm = () => {
    setStage({ name: 'form' });
    setMessage(null);
  };

  const notice = message ? (
    <Alert tone={message.tone}>
      <p>{message.text}</p>
    </Alert>
  ) : null;
  const testNote = !free && isTest(settings, form.paymentmethod) ? (
    <Alert tone="info">
      <p>{TEST_PAYMENT}</p>
    </Alert>
  ) : null;

  if (stage.name !== 'form') {
    return (
      <section className="card card--padded checkout-form payment-step" aria-labelledby={`${groupId}-title`}>
        <h2 id={`${groupId}-title`} className="checkout-form__title">
          Payment
        </h2>
        <p className="payment-step__buyer">
          {form.name.trim()} · {form.email.trim()} · {PAYMENT_LABELS[form.paymentmethod as PaymentMethod]}
        </p>
        {testNote}
        {notice}
        {stage.name === 'paymob' ? (
          <PaymobFrame url={stage.iframeUrl} />
        ) : settings.status === 'ready' ? (
          <Suspense
            fallback={
              <div role="status" className="payment-step__loading">
                <span className="spinner" aria-hidden="true" />
                <span>Loading PayPal…</span>
              </div>
            }
          >
            <PayPalPayment settings={settings.settings.paypal} checkout={checkout} onPaid={paid} onMessage={setMessage} onUnavailable={unavailable} />
          </Suspense>
        ) : settings.status === 'error' ? (
          <div className="alert alert--error paypal-failed" role="alert">
            <p>{PAYPAL_LOAD_FAILED}</p>
            <button type="button" className="btn btn--secondary btn--sm" onClick={reload}>
              Retry
            </button>
          </div>
        ) : (
          <div role="status" className="payment-step__loading">
            <span className="spinner" aria-hidden="true" />
            <span>Loading PayPal…</span>
          </div>
        )}
        <button type="button" className="btn btn--ghost btn--block" onClick={backToForm}>
          Back to form
        </button>
      </section>
    );
  }

  return (
    <form className="card card--padded checkout-form" onSubmit={submit} noValidate aria-labelledby={`${groupId}-title`}>
      <h2 id={`${groupId}-title`} className="checkout-form__title">
        {title}
      </h2>
      {notice}
      <Field label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={problems.name} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        hint={free ? FREE_RECEIPT_HINT : 'Your receipt and download details go to this address.'}
        value={form.email}
        onChange={set('email')}
        error={problems.email}
      />
      {free ? (
        <p className="payment-step__free">This is free: no payment is needed.</p>
      ) : (
        <fieldset className="payment-methods" aria-describedby={problems.paymentmethod ? `${groupId}-method-error` : undefined}>
          <legend className="field__label">Payment method</legend>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="payment-method">
              <input type="radio" name="paymentmethod" value={method} checked={form.paymentmethod === method} onChange={set('paymentmethod')} />
              <span>{PAYMENT_LABELS[method]}</span>
            </label>
          ))}
          {problems.paymentmethod ? (
            <span id={`${groupId}-method-error`} className="field__error" role="alert">
              {problems.paymentmethod}
            </span>
          ) : null}
        </fieldset>
      )}
      {paypalWaiting ? (
        <Alert tone="warning">
          <p>{PAYPAL_NEEDS_DETAILS}</p>
        </Alert>
      ) : null}
      {testNote}
      <button type="submit" className="btn btn--accent btn--block btn--lg" disabled={busy}>
        {busy ? 'Please wait…' : free ? 'Get it now' : 'Proceed to payment'}
      </button>
    </form>
  );
}
