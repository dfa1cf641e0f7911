import { lazy, Suspense, useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import type { PublicProduct } from '../../../api/catalog';
import { checkoutFormProblems, PAYPAL_NEEDS_DETAILS, type CheckoutForm, type CheckoutProblems } from '../../../core/cart/domain/checkout-form';
import { currencyOf } from '../../../core/catalog/domain/pricing';
import { checkoutApi, type CheckoutCalls, type CheckoutRequest, type OrderData } from '../api/checkout';
import { ApiError } from '../api/client';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { useFormat } from '../i18n/format';
import { useCurrency } from '../location/CurrencyContext';
import { chargeOf, orderTotal } from './charge';
import { amountIn } from './isolate';
import { asksForPhone, choicesOf, paypalClientOf, providerLabelIn, SPEC_CHOICES, type Choice } from './choices';
import { leavePage } from './leavePage';
import { frameHeight, SUCCESS_PATH } from './messages';
import { OfflinePayment, type PayAt } from './OfflinePayment';
import { TransferReceipt } from './TransferReceipt';
import type { StepMessage } from './PayPalPayment';
import { usePaymentSettings } from './usePaymentSettings';
import { walletNumber, WALLET_NUMBER_NEEDED } from '../../../core/ordering/domain/wallet-number';
import './checkout.css';

const PayPalPayment = lazy(() => import('./PayPalPayment'));

export { PAYMENT_LABELS } from './choices';

type Priced = Pick<PublicProduct, 'price' | 'egpprice'>;
type Problems = CheckoutProblems & { phone?: string };

/** The form's own rules (core), with the method checked against the choices offered now, and a wallet's number. */
const problemsOf = (form: CheckoutForm & { phone: string }, choices: readonly Choice[], free: boolean): Problems => {
  // checkoutFormProblems says what a missing choice is called; the choices themselves come from the server.
  const { paymentmethod: noChoice, ...details } = checkoutFormProblems({ ...form, paymentmethod: '' });
  const chosen = choices.find((c) => c.value === form.paymentmethod);
  if (free) return details;
  if (!chosen) return { ...details, paymentmethod: noChoice };
  return asksForPhone(chosen) && !walletNumber(form.phone) ? { ...details, phone: WALLET_NUMBER_NEEDED } : details;
};

type Stage =
  | { name: 'form' }
  | { name: 'paypal'; order?: OrderData }
  | { name: 'paymob'; iframeUrl: string; order: OrderData }
  | { name: 'frame'; url: string; order: OrderData }
  | { name: 'offline'; payAt: PayAt; order: OrderData };

function PaymentFrame({ url, title }: { url: string; title: string }) {
  const height = useViewportWidth(frameHeight);
  return <iframe className="payment-frame" src={url} title={title} height={height} style={{ height }} dir="ltr" />;
}

/**
 * The checkout form (name, e-mail, payment method) and the payment it leads to, for one product
 * (Buy now, with its id) or the whole cart (without). A free order needs no provider: one button
 * takes it. The server prices every order; `products` (the page's own) only say beforehand what
 * the chosen method will charge. `payment` is the settings when the page already loads them.
 */
export function PaymentStep({
  productId,
  free,
  products,
  payment,
  title,
  api = checkoutApi,
  guest = false,
}: {
  productId?: string;
  free: boolean;
  products: readonly Priced[];
  payment?: ReturnType<typeof usePaymentSettings>;
  title?: string;
  /** A guest's calls (guestCheckoutApi) instead of the signed-in buyer's. */
  api?: CheckoutCalls;
  guest?: boolean;
}) {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('checkout');
  const format = useFormat();
  const groupId = useId();
  const [form, setForm] = useState({ name: '', email: '', paymentmethod: '', phone: '', coupon: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<StepMessage | null>(null);
  const own = usePaymentSettings(!free && !payment);
  const { settings, reload } = payment ?? own;
  const { region, loading: regionLoading } = useCurrency();
  const choices = settings.status === 'ready' ? choicesOf(settings.settings, region === 'Egypt') : SPEC_CHOICES;
  const chosen = choices.find((c) => c.value === form.paymentmethod);
  const paypalClient = settings.status === 'ready' ? paypalClientOf(settings.settings) : undefined;
  // A method's and a provider's names in the page's language; one the catalogue does not know yet keeps the server's.
  const methodLabel = (choice: Choice) => t(`methods.${choice.provider}.${choice.method}`, { defaultValue: choice.label });
  const providerLabel = (choice: Choice) => providerLabelIn(t, choice.provider, choice.providerLabel);

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const paypalWaiting = !free && form.paymentmethod === 'Dpaypal' && (!form.name.trim() || !form.email.trim());
  const checkout: CheckoutRequest = {
    ...(productId ? { items: [{ productId }] } : {}),
    name: form.name.trim(),
    email: form.email.trim(),
    // The server checks the code and prices the order with it (issue 21); a refusal says why.
    ...(!free && form.coupon.trim() ? { coupon: form.coupon.trim() } : {}),
  };
  /** What the chosen method charges: the server's total once the order exists, the products' until then. */
  const charge = (order?: OrderData) => {
    if (free || !chosen) return undefined;
    const charged = order && order.currency === chosen.currency ? orderTotal(order) : undefined;
    const found = chargeOf({
      products,
      currency: chosen.currency,
      ...(regionLoading ? {} : { shown: currencyOf(region) }),
      ...(charged ? { charged } : {}),
    });
    if (!found) return undefined;
    const amount = amountIn(i18n.language, format.money(found.charged));
    const provider = providerLabel(chosen);
    return found.about
      ? t('charge.about', { amount, provider, about: amountIn(i18n.language, format.money(found.about)) })
      : t('charge.statement', { amount, provider });
  };

  const paid = useCallback((orderData: OrderData) => navigate(SUCCESS_PATH, { state: { orderData } }), [navigate]);
  const unavailable = useCallback(() => {
    setForm((f) => ({ ...f, paymentmethod: '' }));
    setStage({ name: 'form' });
    setMessage({ tone: 'error', text: t('says.paypalUnavailable') });
  }, [t]);
  const paypalOrder = useCallback((order: OrderData) => setStage((s) => (s.name === 'paypal' ? { name: 'paypal', order } : s)), []);

  /** Runs a payment's start; a failure says the server's message, or that it could not start. */
  const starting = async (start: () => Promise<void>) => {
    setBusy(true);
    try {
      await start();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : t('says.initFailed') });
    } finally {
      setBusy(false);
    }
  };

  /** Paymob's frame, or a free order already paid. */
  const pay = () =>
    starting(async () => {
      const { iframeUrl, order } = await api.pay(checkout);
      if (iframeUrl) setStage({ name: 'paymob', iframeUrl, order });
      else if (order.status === 'paid') paid(order);
      else setMessage({ tone: 'error', text: t('says.initFailed') });
    });

  /** Another provider's method: its frame, its page (a wallet's approval), or the reference to pay against. */
  const start = (choice: Choice) =>
    starting(async () => {
      const phone = asksForPhone(choice) ? walletNumber(form.phone) : undefined;
      const { next, order } = await api.startPayment({
        ...checkout,
        name: checkout.name ?? '',
        provider: choice.provider,
        method: choice.method,
        ...(phone ? { phone } : {}),
      });
      if (order.status === 'paid') paid(order);
      else if (next?.kind === 'frame') setStage({ name: 'frame', url: next.url, order });
      else if (next?.kind === 'redirect') leavePage(next.url);
      else if (next?.kind === 'offline') setStage({ name: 'offline', payAt: next.payAt, order });
      else setMessage({ tone: 'error', text: t('says.initFailed') });
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
      <p>{t('says.testPayment')}</p>
    </Alert>
  ) : null;

  if (stage.name !== 'form') {
    const order = stage.order;
    const charged = charge(order);
    return (
      <section className="card card--padded checkout-form payment-step" aria-labelledby={`${groupId}-title`}>
        <h2 id={`${groupId}-title`} className="checkout-form__title">
          {t('step.title')}
        </h2>
        <p className="payment-step__buyer">
          <bdi>{form.name.trim()}</bdi> · <bdi>{form.email.trim()}</bdi> · {chosen ? methodLabel(chosen) : null}
        </p>
        {order || charged ? (
          <p className="payment-step__charge" data-testid="payment-charge">
            {order ? <span className="payment-step__order">{t('step.order', { number: order.orderNumber })}</span> : null}
            {charged}
          </p>
        ) : null}
        {testNote}
        {notice}
        {stage.name === 'paymob' ? (
          <PaymentFrame url={stage.iframeUrl} title={t('step.cardFrame')} />
        ) : stage.name === 'frame' ? (
          <PaymentFrame url={stage.url} title={chosen ? methodLabel(chosen) : t('step.frame')} />
        ) : stage.name === 'offline' ? (
          <>
            <OfflinePayment payAt={stage.payAt} order={stage.order} />
            {/* A receipt is sent from an account; a guest replies to the e-mail with it. */}
            {chosen?.provider === 'transfer' && !guest ? <TransferReceipt orderId={stage.order.orderId} payAt={stage.payAt} details={false} /> : null}
          </>
        ) : paypalClient ? (
          <Suspense
            fallback={
              <div role="status" className="payment-step__loading">
                <span className="spinner" aria-hidden="true" />
                <span>{t('step.loadingPayPal')}</span>
              </div>
            }
          >
            <PayPalPayment api={api} settings={paypalClient} checkout={checkout} onPaid={paid} onOrder={paypalOrder} onMessage={setMessage} onUnavailable={unavailable} />
          </Suspense>
        ) : settings.status !== 'loading' ? (
          <div className="alert alert--error paypal-failed" role="alert">
            <p>{t('says.paypalLoadFailed')}</p>
            <button type="button" className="btn btn--secondary btn--sm" onClick={reload}>
              {t('step.retry')}
            </button>
          </div>
        ) : (
          <div role="status" className="payment-step__loading">
            <span className="spinner" aria-hidden="true" />
            <span>{t('step.loadingPayPal')}</span>
          </div>
        )}
        <button type="button" className="btn btn--ghost btn--block" onClick={backToForm}>
          {t('step.back')}
        </button>
      </section>
    );
  }

  const charged = charge();
  return (
    <form className="card card--padded checkout-form" onSubmit={submit} noValidate aria-labelledby={`${groupId}-title`}>
      <h2 id={`${groupId}-title`} className="checkout-form__title">
        {title ?? t('title')}
      </h2>
      {notice}
      <Field label={t('form.name')} name="name" autoComplete="name" dir="auto" value={form.name} onChange={set('name')} error={problems.name} />
      <Field
        label={t('form.email')}
        name="email"
        type="email"
        dir="ltr"
        autoComplete="email"
        hint={guest ? t('form.guestHint') : free ? t('form.freeHint') : t('form.emailHint')}
        value={form.email}
        onChange={set('email')}
        error={problems.email}
      />
      {free ? null : (
        <Field label={t('form.coupon')} name="coupon" dir="ltr" autoComplete="off" hint={t('form.couponHint')} value={form.coupon} onChange={set('coupon')} />
      )}
      {free ? (
        <p className="payment-step__free">{t('form.free')}</p>
      ) : (
        <fieldset className="payment-methods" aria-describedby={problems.paymentmethod ? `${groupId}-method-error` : undefined}>
          <legend className="field__label">{t('form.method')}</legend>
          {choices.map((choice) => (
            <label key={choice.value} className="payment-method">
              <input type="radio" name="paymentmethod" value={choice.value} checked={form.paymentmethod === choice.value} onChange={set('paymentmethod')} />
              <span>{methodLabel(choice)}</span>
            </label>
          ))}
          {problems.paymentmethod ? (
            <span id={`${groupId}-method-error`} className="field__error" role="alert">
              {problems.paymentmethod}
            </span>
          ) : null}
        </fieldset>
      )}
      {!free && asksForPhone(chosen) ? (
        <Field
          label={t('form.wallet')}
          name="phone"
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('form.walletPlaceholder')}
          hint={t('form.walletHint')}
          value={form.phone}
          onChange={set('phone')}
          error={problems.phone}
        />
      ) : null}
      {/* Said again as the choice changes, so that a screen reader hears it before the buyer commits. */}
      <p className="payment-step__charge" data-testid="form-charge" aria-live="polite">
        {charged ?? ''}
      </p>
      {paypalWaiting ? (
        <Alert tone="warning">
          <p>{PAYPAL_NEEDS_DETAILS}</p>
        </Alert>
      ) : null}
      {testNote}
      <button type="submit" className="btn btn--accent btn--block btn--lg" disabled={busy}>
        {busy ? t('form.wait') : free ? t('form.getIt') : t('form.proceed')}
      </button>
    </form>
  );
}
