import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import { useSupportEmail } from '../app/supportEmail';
import { StaticPage } from './StaticPage';

export default function ContactPage() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  return (
    <StaticPage title={t('contact.title')} intro={t('contact.intro')}>
      <p>
        <Trans t={t} i18nKey="contact.writeTo" values={{ email }} components={{ email: <MailLink address={email} /> }} />
      </p>
      <h2>{t('contact.beforeYouWrite')}</h2>
      <ul>
        <li>{t('contact.orderNumber')}</li>
        <li>{t('contact.access')}</li>
        <li>{t('contact.sameEmail')}</li>
      </ul>
    </StaticPage>
  );
}

/** The support address as a link; the sentence around it gives its text. It reads left to right inside an Arabic sentence. */
function MailLink({ address, children }: { address: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${address}`} dir="ltr">
      {children}
    </a>
  );
}
