import { useEffect } from 'react';
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

/** /afterpayment?success=: the card provider's return address; 'true' is a success, anything else a failure. */
export default function AfterPaymentPage() {
  useDocumentMeta('Processing payment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const success = params.get('success') === 'true';

  useEffect(() => {
    if (inAFrame()) {
      window.top!.location.replace(window.location.href);
      return;
    }
    navigate(success ? SUCCESS_PATH : FAILED_PATH, { replace: true });
  }, [navigate, success]);

  return (
    <div className="container page session-check" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Processing payment ......</span>
    </div>
  );
}
