import type { Location } from 'react-router-dom';

export const SIGN_IN_PATH = '/user/login';

/** Navigation state that remembers where a visitor was sent to sign in from. */
export interface FromState {
  from?: string;
}

export const fromHere = (location: Pick<Location, 'pathname' | 'search'>): FromState => ({
  from: `${location.pathname}${location.search}`,
});

/** Where to go after signing in: the remembered in-app path, else home. */
export function originOf(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from.startsWith(SIGN_IN_PATH) || from.startsWith('/signout')) return '/';
  return from;
}
