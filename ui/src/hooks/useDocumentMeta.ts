import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '../app/brand';

/** Sets the document title (and optionally the description meta text) while a page is shown. */
export function useDocumentMeta(title: string | undefined, description?: string): void {
  // The tagline is in 'common', the catalogue every page has already loaded: no page waits for it.
  const { t } = useTranslation();
  const tagline = t('brand.tagline');
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${BRAND_NAME}` : `${BRAND_NAME} – ${tagline}`;
  }, [title, tagline]);

  useEffect(() => {
    if (description === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (meta) meta.content = previous;
    };
  }, [description]);
}
