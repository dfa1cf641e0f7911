import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

export default function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    // The intro is the store's tagline, the same words as under the brand in the footer.
    <StaticPage title={t('about.title')} intro={t('common:brand.tagline')}>
      <p>{t('about.offer')}</p>
      <p>{t('about.catalogue')}</p>
      <h2>{t('about.howItWorks')}</h2>
      <p>{t('about.digital')}</p>
      <p>
        <Trans
          t={t}
          i18nKey="about.browse"
          components={{ books: <Link to="/category/books" />, contact: <Link to="/contactus" /> }}
        />
      </p>
    </StaticPage>
  );
}
