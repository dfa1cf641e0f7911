import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FAILED_PATH, SUCCESS_PATH } from '../checkout/messages';
import { useDocumentMeta } from '../hooks/useDocumentMeta';

/** Paymob's frame lands here inside itself: the result belongs to the whole window (same origin). */
function inAFrame(): boolean {
  try {
    return window.top !== null && window.top !== window.self;
  } catch {
    return false;
  }
}

/**
 * /afterpayment?success=&order=: the card provider's return address; 'true' is a success, anything
 * else a failure. `order` names the store's order, which the success page asks the server about
 * (its number and amount come from there, never from the address).
 */
export default function AfterPaymentPage() {
  const { t } = useTranslation('checkout');
  useDocumentMeta(t('result.processingTitle'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const success = params.get('success') === 'true';
  const orderId = params.get('order');

  useEffect(() => {
    if (inAFrame()) {
      window.top!.location.replace(window.location.href);
      return;
    }
    if (success) navigate(SUCCESS_PATH, { replace: true, state: orderId ? { orderId } : null });
    else navigate(FAILED_PATH, { replace: true });
  }, [navigate, success, orderId]);

  return (
    <div className="container page session-check" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('result.processing')}</span>
    </div>
  );
}
