import { useTranslation } from '../i18n/use-translation';
import { StaticPage } from './StaticPage';

export default function PoliciesPage() {
  const { t } = useTranslation('pages');
  return (
    <StaticPage title={t('policies.title')} intro={t('policies.intro')}>
      <h2>{t('policies.refund.heading')}</h2>
      <p>{t('policies.refund.digitalGoods')}</p>
      <p>{t('policies.refund.accessProblems')}</p>
      <h2>{t('policies.shipping.heading')}</h2>
      <p>{t('policies.shipping.delivered')}</p>
      <p>{t('policies.shipping.validEmail')}</p>
      <h2>{t('policies.privacy.heading')}</h2>
      <p>{t('policies.privacy.collected')}</p>
      <p>{t('policies.privacy.notShared')}</p>
    </StaticPage>
  );
}
