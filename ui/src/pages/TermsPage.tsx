import { useTranslation } from '../i18n/use-translation';
import { StaticPage } from './StaticPage';

export default function TermsPage() {
  const { t } = useTranslation('pages');
  return (
    <StaticPage title={t('terms.title')} intro={t('terms.intro')}>
      <ul>
        <li>{t('terms.personalUse')}</li>
        <li>{t('terms.noSharing')}</li>
        <li>{t('terms.accurateDetails')}</li>
        <li>{t('terms.finalSales')}</li>
        <li>{t('terms.changes')}</li>
      </ul>
    </StaticPage>
  );
}
