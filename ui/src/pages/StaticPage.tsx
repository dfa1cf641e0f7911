import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Breadcrumbs } from '../catalog/Breadcrumbs';
import { useDocumentMeta } from '../hooks/useDocumentMeta';

/** Frame of the store's information pages. */
export function StaticPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation('pages');
  useDocumentMeta(title);
  return (
    <div className="container page">
      <Breadcrumbs items={[{ label: t('common:nav.home'), href: '/' }, { label: title }]} />
      <div className="card card--padded static-page">
        <header className="page-header">
          <h1>{title}</h1>
          {intro ? <p className="static-page__intro">{intro}</p> : null}
        </header>
        <div className="prose">{children}</div>
      </div>
    </div>
  );
}
