import { useNavigate } from 'react-router-dom';
import { supportEmail } from '../app/supportEmail';
import { ResultIcon } from '../checkout/ResultIcon';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../checkout/checkout.css';

export const FAILURE_ICON_DELAY_MS = 600;

/** /PaymentFailed: what may have gone wrong, a way back to try again, and support. */
export default function PaymentFailedPage() {
  useDocumentMeta('Payment failed');
  const navigate = useNavigate();
  const email = supportEmail();

  return (
    <div className="container page payment-result">
      <ResultIcon kind="failure" delayMs={FAILURE_ICON_DELAY_MS} />
      <h1>Payment failed</h1>
      <p>We could not process your payment. Please check your payment details and try again.</p>
      <section className="card card--padded payment-result__reasons" aria-labelledby="reasons-title">
        <h2 id="reasons-title">Common reasons</h2>
        <ul>
          <li>Insufficient funds or credit limit exceeded</li>
          <li>Incorrect card details or expired card</li>
          <li>Bank security restrictions</li>
        </ul>
      </section>
      <div className="payment-result__actions">
        <button type="button" className="btn btn--accent btn--lg" onClick={() => navigate(-1)}>
          Try payment again
        </button>
        <button type="button" className="btn btn--secondary btn--lg" onClick={() => navigate('/')}>
          Return to homepage
        </button>
      </div>
      <section className="card card--padded payment-result__support" aria-labelledby="support-title">
        <h2 id="support-title">Contact support</h2>
        <p>
          Our support team is here to help: <a href={`mailto:${email}`}>{email}</a>
        </p>
      </section>
      <p className="payment-result__footnote">Your card was not charged for this transaction</p>
    </div>
  );
}
