import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../account/account.css';

/** /signout/success: shown after sign-out. */
export default function SignedOutPage() {
  const { t } = useTranslation('account');
  useDocumentMeta(t('signedOut.meta'));
  return (
    <div className="container page">
      <div className="state card card--padded signed-out">
        <h1 className="state__title">{t('signedOut.title')}</h1>
        <p>{t('signedOut.text')}</p>
        <Link to="/" className="btn">
          {t('signedOut.home')}
        </Link>
      </div>
    </div>
  );
}
