/**
 * Whether this store offers sign-in with Google: the server writes it into index.html (off on a
 * store without Google credentials outside test mode). A build served as-is keeps the placeholder
 * and offers it, as the development server does.
 */
export function googleSignInOffered(doc: Document = document): boolean {
  return doc.querySelector('meta[name="store-google-sign-in"]')?.getAttribute('content')?.trim() !== 'off';
}
