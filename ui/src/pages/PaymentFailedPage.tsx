import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { useSupportEmail } from '../app/supportEmail';
import { ResultIcon } from '../checkout/ResultIcon';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../checkout/checkout.css';

export const FAILURE_ICON_DELAY_MS = 600;

/** /PaymentFailed: what may have gone wrong, a way back to try again, and support. */
export default function PaymentFailedPage() {
  const { t } = useTranslation('checkout');
  useDocumentMeta(t('result.failedTitle'));
  const navigate = useNavigate();
  const email = useSupportEmail();

  return (
    <div className="container page payment-result">
      <ResultIcon kind="failure" delayMs={FAILURE_ICON_DELAY_MS} />
      <h1>{t('result.failedTitle')}</h1>
      <p>{t('result.failedText')}</p>
      <section className="card card--padded payment-result__reasons" aria-labelledby="reasons-title">
        <h2 id="reasons-title">{t('result.reasonsTitle')}</h2>
        <ul>
          <li>{t('result.reasonFunds')}</li>
          <li>{t('result.reasonCard')}</li>
          <li>{t('result.reasonBank')}</li>
        </ul>
      </section>
      <div className="payment-result__actions">
        <button type="button" className="btn btn--accent btn--lg" onClick={() => navigate(-1)}>
          {t('result.tryAgain')}
        </button>
        <button type="button" className="btn btn--secondary btn--lg" onClick={() => navigate('/')}>
          {t('result.home')}
        </button>
      </div>
      <section className="card card--padded payment-result__support" aria-labelledby="support-title">
        <h2 id="support-title">{t('result.supportTitle')}</h2>
        <p>
          {t('result.supportText')} <bdi><a href={`mailto:${email}`}>{email}</a></bdi>
        </p>
      </section>
      <p className="payment-result__footnote">{t('result.notCharged')}</p>
    </div>
  );
}
