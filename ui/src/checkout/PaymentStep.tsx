import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  checkoutFormProblems,
  PAYPAL_NEEDS_DETAILS,
  type CheckoutForm,
  type CheckoutProblems,
  type PaymentMethod,
} from '../../../core/cart/domain/checkout-form';
import { checkoutApi, type CheckoutRequest, type NextStepData, type OrderData, type PaymentSettings } from '../api/checkout';
import { ApiError } from '../api/client';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { useCurrency } from '../location/CurrencyContext';
import { leavePage } from './leavePage';
import type { PayPalClient, StepMessage } from './PayPalPayment';
import { frameHeight, offlinePayment, PAYMENT_INIT_FAILED, PAYPAL_LOAD_FAILED, PAYPAL_UNAVAILABLE, SUCCESS_PATH, TEST_PAYMENT } from './messages';
import { TransferReceipt } from './TransferReceipt';
import { formatMoney, fromDecimal } from '../../../core/shared/money';
import './checkout.css';

/** An order's total as the buyer must pay it exactly: 'EGP 1,300.00'. */
const amountOf = (order: OrderData): string => {
  const total = fromDecimal(order.total, order.currency);
  return total ? formatMoney(total) : `${order.currency} ${order.total}`;
};

const PayPalPayment = lazy(() => import('./PayPalPayment'));

/** A free order's e-mail goes to the account's own address, never to one typed here (no relay). */
export const FREE_RECEIPT_HINT = "For a free order, the receipt goes to your account's own e-mail address.";

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  Dpaypal: 'PayPal (wallet and credit cards)',
  DPaymob: 'Credit card (Paymob)',
};

/** One radio of the method choice: a provider's method. */
interface Choice {
  readonly value: string;
  readonly label: string;
  readonly provider: string;
  readonly method: string;
  readonly egypt: boolean;
  readonly test: boolean;
}

/** The spec's radio values stay those of PayPal and Paymob's card; another provider's method is `provider:method`. */
const SPEC_VALUES: Readonly<Record<string, PaymentMethod>> = { 'paypal:paypal': 'Dpaypal', 'paymob:card': 'DPaymob' };
/** Until the payment settings answer (or if they cannot be read), the spec's two choices. */
const SPEC_CHOICES: readonly Choice[] = [
  { value: 'Dpaypal', label: PAYMENT_LABELS.Dpaypal, provider: 'paypal', method: 'paypal', egypt: false, test: false },
  { value: 'DPaymob', label: PAYMENT_LABELS.DPaymob, provider: 'paymob', method: 'card', egypt: false, test: false },
];

/**
 * The registered providers' methods: the spec's two first, with the spec's texts, then the others;
 * for a visitor in Egypt, Egypt's own methods come before all of them (DECISIONS 24).
 */
const choicesOf = (settings: PaymentSettings, inEgypt: boolean): Choice[] => {
  const all = settings.providers.flatMap((provider) =>
    provider.methods.map((method): Choice => {
      const spec = SPEC_VALUES[`${provider.name}:${method.name}`];
      return {
        value: spec ?? `${provider.name}:${method.name}`,
        label: spec ? PAYMENT_LABELS[spec] : method.label,
        provider: provider.name,
        method: method.name,
        egypt: method.egypt === true,
        test: provider.test,
      };
    }),
  );
  const spec = all.filter((c) => Object.hasOwn(PAYMENT_LABELS, c.value));
  const others = all.filter((c) => !Object.hasOwn(PAYMENT_LABELS, c.value));
  const egypts = inEgypt ? others.filter((c) => c.egypt) : [];
  return [...egypts, ...spec, ...others.filter((c) => !egypts.includes(c))];
};

/** The form's own rules (core), with the method checked against the choices offered now. */
const problemsOf = (form: CheckoutForm, choices: readonly Choice[], free: boolean): CheckoutProblems => {
  // checkoutFormProblems says what a missing choice is called; the choices themselves come from the server.
  const { paymentmethod: noChoice, ...details } = checkoutFormProblems({ ...form, paymentmethod: '' });
  return free || choices.some((c) => c.value === form.paymentmethod) ? details : { ...details, paymentmethod: noChoice };
};

/** PayPal's buttons' client settings, from the provider whose component they are. */
const paypalClientOf = (settings: PaymentSettings): PayPalClient | undefined => {
  const client = settings.providers.find((p) => p.component === 'paypal-buttons')?.client;
  return client?.clientId ? { clientId: client.clientId, ...(client.sdkBaseUrl ? { sdkBaseUrl: client.sdkBaseUrl } : {}) } : undefined;
};

type Stage =
  | { name: 'form' }
  | { name: 'paypal' }
  | { name: 'paymob'; iframeUrl: string }
  | { name: 'frame'; url: string }
  | { name: 'offline'; payAt: Extract<NextStepData, { kind: 'offline' }>['payAt']; order: OrderData; provider: string };
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

function PaymentFrame({ url, title }: { url: string; title: string }) {
  const height = frameHeight(useViewportWidth());
  return <iframe className="payment-frame" src={url} title={title} height={height} style={{ height }} />;
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
  const inEgypt = useCurrency().region === 'Egypt';
  const choices = settings.status === 'ready' ? choicesOf(settings.settings, inEgypt) : SPEC_CHOICES;
  const chosen = choices.find((c) => c.value === form.paymentmethod);
  const paypalClient = settings.status === 'ready' ? paypalClientOf(settings.settings) : undefined;

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

  /** Runs a payment's start; a failure says the server's message, or that it could not start. */
  const starting = async (start: () => Promise<void>) => {
    setBusy(true);
    try {
      await start();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : PAYMENT_INIT_FAILED });
    } finally {
      setBusy(false);
    }
  };

  /** Paymob's frame, or a free order already paid. */
  const pay = () =>
    starting(async () => {
      const { iframeUrl, order } = await checkoutApi.pay(checkout);
      if (iframeUrl) setStage({ name: 'paymob', iframeUrl });
      else if (order.status === 'paid') paid(order);
      else setMessage({ tone: 'error', text: PAYMENT_INIT_FAILED });
    });

  /** Another provider's method: its frame, its page, or the reference to pay against. */
  const start = (choice: Choice) =>
    starting(async () => {
      const { next, order } = await checkoutApi.startPayment({ ...checkout, name: checkout.name ?? '', provider: choice.provider, method: choice.method });
      if (order.status === 'paid') paid(order);
      else if (next?.kind === 'frame') setStage({ name: 'frame', url: next.url });
      else if (next?.kind === 'redirect') leavePage(next.url);
      else if (next?.kind === 'offline') setStage({ name: 'offline', payAt: next.payAt, order, provider: choice.provider });
      else setMessage({ tone: 'error', text: PAYMENT_INIT_FAILED });
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = problemsOf(form, choices, free);
    setProblems(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    if (free || form.paymentmethod === 'DPaymob') void pay();
    else if (form.paymentmethod === 'Dpaypal') setStage({ name: 'paypal' });
    else if (chosen) void start(chosen);
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
  const testNote = !free && chosen?.test ? (
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
          {form.name.trim()} · {form.email.trim()} · {chosen?.label}
        </p>
        {testNote}
        {notice}
        {stage.name === 'paymob' ? (
          <PaymentFrame url={stage.iframeUrl} title="Card payment (Paymob)" />
        ) : stage.name === 'frame' ? (
          <PaymentFrame url={stage.url} title={chosen?.label ?? 'Payment'} />
        ) : stage.name === 'offline' && stage.provider === 'transfer' ? (
          <TransferReceipt orderId={stage.order.orderId} payAt={stage.payAt} amount={amountOf(stage.order)} />
        ) : stage.name === 'offline' ? (
          <Alert tone="info">
            <p>{offlinePayment(stage.payAt)}</p>
          </Alert>
        ) : paypalClient ? (
          <Suspense
            fallback={
              <div role="status" className="payment-step__loading">
                <span className="spinner" aria-hidden="true" />
                <span>Loading PayPal…</span>
              </div>
            }
          >
            <PayPalPayment settings={paypalClient} checkout={checkout} onPaid={paid} onMessage={setMessage} onUnavailable={unavailable} />
          </Suspense>
        ) : settings.status !== 'loading' ? (
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
          {choices.map((choice) => (
            <label key={choice.value} className="payment-method">
              <input type="radio" name="paymentmethod" value={choice.value} checked={form.paymentmethod === choice.value} onChange={set('paymentmethod')} />
              <span>{choice.label}</span>
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
