import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { BRAND_NAME } from '../app/brand';
import { useServerRender } from '../app/rendered-page';

/** The title of a page: its own before the store's name, or the store's name and tagline for the home page. */
export const pageTitle = (title: string, tagline: string): string => (title ? `${title} | ${BRAND_NAME}` : `${BRAND_NAME} – ${tagline}`);

/**
 * Sets the document title (and optionally the description meta text) while a page is shown; on the
 * server, they are written into the rendered page's head.
 */
export function useDocumentMeta(title: string | undefined, description?: string): void {
  // The tagline is in 'common', the catalogue every page has already loaded: no page waits for it.
  const { t } = useTranslation();
  const tagline = t('brand.tagline');
  const server = useServerRender();
  if (server && title !== undefined) server.head.title = pageTitle(title, tagline);
  if (server && description !== undefined) server.head.description = description;
  useEffect(() => {
    if (title === undefined) return;
    document.title = pageTitle(title, tagline);
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
