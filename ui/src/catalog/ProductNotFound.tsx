import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useStatus } from '../app/rendered-page';

/** The product page's and the checkout's answer to an id the catalogue does not hold. */
export function ProductNotFound({ heading: Heading = 'h1' }: { heading?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  useStatus(404);
  return (
    <div className="state">
      <Heading className="state__title">{t('product.notFound')}</Heading>
      <p>{t('product.notFoundText')}</p>
      <Link to="/" className="btn">
        {t('backToCatalogue')}
      </Link>
    </div>
  );
}
