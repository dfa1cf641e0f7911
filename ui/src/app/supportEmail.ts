import { useServerRender } from './rendered-page';

/** The server writes the support address into index.html; a build served as-is keeps the placeholder. */
export const DEFAULT_SUPPORT_EMAIL = 'support@dental-library.example';
const PLACEHOLDER = '%STORE_SUPPORT_EMAIL%';

export function supportEmail(doc: Document = document): string {
  const content = doc.querySelector('meta[name="store-support-email"]')?.getAttribute('content')?.trim();
  return content && content !== PLACEHOLDER ? content : DEFAULT_SUPPORT_EMAIL;
}

/** The support address, on the server too (where the store's settings come with the render, not in a page). */
export const useSupportEmail = (): string => useServerRender()?.supportEmail ?? supportEmail();
