/**
 * PayPal's buttons (spec section 4, wallet/card provider). A chunk of its own with react-paypal-js,
 * loaded only when a buyer pays with PayPal.
 */
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import {
  DISPATCH_ACTION,
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { checkoutApi, type CheckoutCalls, type CheckoutRequest, type OrderData } from '../api/checkout';
import { ApiError } from '../api/client';
import { leavePage } from './leavePage';
import { languageOf, type Language } from '../../../core/shared/language';
import { REDIRECT_DELAY_MS, SCRIPT_ATTEMPTS, SCRIPT_RETRY_MS } from './messages';
import './checkout.css';

export interface StepMessage {
  tone: 'error' | 'info';
  text: string;
}

/** PayPal's public client settings, as the payment settings give them (its descriptor's `ui.client`). */
export interface PayPalClient {
  clientId: string;
  /** The emulator's stand-in script, in test mode; unset: PayPal's own. */
  sdkBaseUrl?: string;
}

export interface PayPalPaymentProps {
  settings: PayPalClient;
  checkout: CheckoutRequest;
  onPaid: (order: OrderData) => void;
  /** The order the server made and priced for these buttons: the step says its total. */
  onOrder?: (order: OrderData) => void;
  onMessage: (message: StepMessage | null) => void;
  /** PayPal's buttons are not offered to this buyer: the method choice starts again. */
  onUnavailable: () => void;
  /** A guest's calls instead of the signed-in buyer's. */
  api?: CheckoutCalls;
}

/** Loads the script again, 2 s after a failure, up to 3 attempts; then says so and offers Retry. */
function ScriptGate({ options, children }: { options: ReactPayPalScriptOptions; children: ReactNode }) {
  const [{ isPending, isRejected }, dispatch] = usePayPalScriptReducer();
  const [attempt, setAttempt] = useState(1);
  const { t } = useTranslation('checkout');
  const reload = () => dispatch({ type: DISPATCH_ACTION.RESET_OPTIONS, value: options });

  useEffect(() => {
    if (!isRejected || attempt >= SCRIPT_ATTEMPTS) return;
    const timer = setTimeout(() => {
      setAttempt((a) => a + 1);
      reload();
    }, SCRIPT_RETRY_MS);
    return () => clearTimeout(timer);
    // a new attempt only after a failed one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRejected, attempt]);

  if (isRejected && attempt >= SCRIPT_ATTEMPTS) {
    return (
      <div className="alert alert--error paypal-failed" role="alert">
        <p>{t('says.paypalLoadFailed')}</p>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => {
            setAttempt(1);
            reload();
          }}
        >
          {t('step.retry')}
        </button>
      </div>
    );
  }
  if (isPending || isRejected) {
    return (
      <div role="status" aria-live="polite" className="payment-step__loading">
        <span className="spinner" aria-hidden="true" />
        <span>{t('step.loadingPayPal')}</span>
      </div>
    );
  }
  return <>{children}</>;
}

/** Rendered by PayPalButtons in place of the buttons when PayPal does not offer them to this buyer. */
function NotEligible({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/** The buttons throw while rendering when PayPal's script misbehaves: say so instead of breaking the page. */
class Boundary extends Component<{ children: ReactNode } & WithTranslation<'checkout'>, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert--error" role="alert">
        <p>{this.props.t('says.paypalButtonsFailed')}</p>
      </div>
    );
  }
}
const ButtonsBoundary = withTranslation('checkout')(Boundary);

/** The locale PayPal's SDK is asked for in each of the store's languages (codes from PayPal's supported locales). */
const PAYPAL_LOCALES: Record<Language, string> = { en: 'en_US', ar: 'ar_EG', pt: 'pt_BR', es: 'es_ES' };

export default function PayPalPayment({ settings, checkout, onPaid, onOrder, onMessage, onUnavailable, api = checkoutApi }: PayPalPaymentProps) {
  const { t, i18n } = useTranslation('checkout');
  const language = languageOf(i18n.language);
  const options = useMemo<ReactPayPalScriptOptions>(
    () => ({
      clientId: settings.clientId,
      currency: 'USD',
      intent: 'capture',
      locale: PAYPAL_LOCALES[language],
      ...(settings.sdkBaseUrl ? { sdkBaseUrl: settings.sdkBaseUrl } : {}),
    }),
    [settings.clientId, settings.sdkBaseUrl, language],
  );
  // PayPal reports a failed createOrder to onError too: keep the more precise message.
  const createFailed = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const failWith = (text: string) => onMessage({ tone: 'error', text });

  return (
    <PayPalScriptProvider options={options}>
      <ScriptGate options={options}>
        <ButtonsBoundary>
          <PayPalButtons
            className="paypal-buttons"
            style={{ layout: 'vertical', label: 'pay' }}
            createOrder={async () => {
              createFailed.current = false;
              onMessage(null);
              try {
                const { id, order } = await api.createPayPalOrder(checkout);
                if (id) {
                  onOrder?.(order);
                  return id;
                }
              } catch {
                /* said below */
              }
              createFailed.current = true;
              failWith(t('says.paypalCreateFailed'));
              throw new Error('Failed to create PayPal order');
            }}
            onApprove={async (data, actions) => {
              try {
                const outcome = await api.capturePayPalOrder(data.orderID);
                if (outcome.result.status === 'paid') return onPaid(outcome.result);
                if (outcome.restart) {
                  failWith(t('says.declined'));
                  await actions.restart();
                  return;
                }
                if (outcome.redirect) {
                  const target = outcome.redirect;
                  onMessage({ tone: 'info', text: t('says.paypalRedirecting') });
                  redirectTimer.current = setTimeout(() => leavePage(target), REDIRECT_DELAY_MS);
                  return;
                }
                failWith(outcome.result.status === 'failed' ? t('says.failed') : outcome.message || t('says.failed'));
              } catch (error) {
                failWith(error instanceof ApiError && error.fromServer ? error.message : t('says.failed'));
              }
            }}
            onCancel={() => failWith(t('says.cancelled'))}
            onError={() => {
              if (!createFailed.current) failWith(t('says.error'));
            }}
          >
            <NotEligible onShown={onUnavailable} />
          </PayPalButtons>
        </ButtonsBoundary>
      </ScriptGate>
    </PayPalScriptProvider>
  );
}
