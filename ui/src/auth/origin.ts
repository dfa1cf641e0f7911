import type { Location } from 'react-router-dom';
import { STORE_PAGES } from '../../../core/location/domain/store-pages';

export const SIGN_IN_PATH = STORE_PAGES.signIn;

/** Navigation state that remembers where a visitor was sent to sign in from. */
export interface FromState {
  from?: string;
}

type Here = Pick<Location, 'pathname' | 'search'>;

export const fromHere = (location: Here): FromState => ({
  from: `${location.pathname}${location.search}`,
});

/**
 * The bar's sign-in link, with the way back in its address: on a page the server rendered, a tap
 * made before the app has taken the page over follows the plain link, and navigation state is lost.
 * Home, where the sign-in page goes back to anyway, keeps the plain address; on the sign-in page the
 * link stays where it is, with the way back it came with.
 */
export function signInHref({ pathname, search }: Here): string {
  const from = pathname + search;
  if (pathname === SIGN_IN_PATH) return from;
  return from === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?from=${encodeURIComponent(from)}`;
}

/** A backslash, or a control character such as a tab (which the URL parser drops), can make a path `//host`: another site. */
const turnsAway = (c: string) => c === '\\' || c < ' ' || c === '\u007f';

/**
 * Where to go after signing in: the remembered in-app path (navigation state, else the address's
 * `from`), else home. Only a path of this store: the address is anyone's to write.
 */
export function originOf(state: unknown, search = ''): string {
  const from = (state as FromState | null)?.from ?? new URLSearchParams(search).get('from');
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || [...from].some(turnsAway)) return '/';
  if (from.startsWith(SIGN_IN_PATH) || from.startsWith('/signout')) return '/';
  return from;
}
