/**
 * The session as the UI sees it: who is signed in (from GET /api/user/islogged), their role (from
 * islogged2, for the admin screens) and the cart count for the badge. Checked on load and on the
 * window events of spec 4; sign-in and sign-out go through here so every screen agrees.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { accountApi } from '../api/client';
import { firstPageData } from '../app/rendered-page';
import { clearStoredUser, fire, SESSION_EVENTS, storedUser, storeUser, USER_LOGGED_IN } from './events';

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  /** The signed-in user; while checking, the name remembered from the last visit (display only). */
  user: { username: string } | null;
  /** The session check's role ('Admin' grants admin); null while unknown or signed out. */
  role: string | null;
  isAdmin: boolean;
  /** Whether the role check has answered for the signed-in user (a failed check counts as no rights). */
  roleKnown: boolean;
  cartCount: number;
  /** Asks the server again for the login status and the cart count. */
  refresh: () => Promise<void>;
  /** After a successful sign-in or sign-up (the server has set the session cookie). */
  signedIn: (username: string) => void;
  /** After a username change. */
  renamed: (username: string) => void;
  /** Ends the session on the server; rejects when the server could not. */
  signOut: () => Promise<void>;
  /** True after the user signed out here: guarded pages then leave quietly instead of asking to sign in. */
  signedOutByUser: boolean;
}

const SessionContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('checking');
  // A page the server rendered (which knows no one's name) hydrates as it was sent; the remembered name follows.
  const [username, setUsername] = useState<string | null>(() => (firstPageData() ? null : storedUser()));
  useEffect(() => {
    if (firstPageData()) startTransition(() => setUsername((name) => name ?? storedUser()));
  }, []);
  const [role, setRole] = useState<string | null>(null);
  const [roleCheckedFor, setRoleCheckedFor] = useState<string | null>(null);
  const [cartCount, setCartCount] = useState(0);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const checks = useRef(0);

  const signedOutNow = useCallback(() => {
    setStatus('signedOut');
    setUsername(null);
    setRole(null);
    setRoleCheckedFor(null);
    setCartCount(0);
  }, []);

  /**
   * The check under way and its number: one asked for meanwhile (a guarded page on entry, as the app
   * starts) shares it, a round trip less before the page shows, unless the session changed since.
   */
  const checking = useRef<{ readonly number: number; readonly done: Promise<void> } | null>(null);

  // What a check finds is applied as a transition: on a page the server rendered, its answer often
  // comes while React is still hydrating the page's main part, and an urgent update there had it
  // hydrated in one task (125 ms on a phone's processor) instead of in slices.
  const check = useCallback(async () => {
    const check = ++checks.current;
    let name: string | null;
    try {
      name = await accountApi.currentUser();
    } catch {
      // the server could not say: a first check counts as signed out, later ones keep what we know
      if (check === checks.current) startTransition(() => setStatus((s) => (s === 'checking' ? 'signedOut' : s)));
      return;
    }
    if (check !== checks.current) return;
    if (name === null) {
      clearStoredUser();
      startTransition(signedOutNow);
      return;
    }
    startTransition(() => {
      setUsername(name);
      setStatus('signedIn');
    });
    try {
      const count = await accountApi.cartCount();
      if (check === checks.current) startTransition(() => setCartCount(count));
    } catch {
      /* the badge keeps its last count */
    }
  }, [signedOutNow]);

  const refresh = useCallback(() => {
    if (checking.current?.number === checks.current) return checking.current.done;
    const done = check();
    const under = { number: checks.current, done };
    checking.current = under;
    void done.finally(() => {
      if (checking.current === under) checking.current = null;
    });
    return done;
  }, [check]);

  useEffect(() => {
    void refresh();
    // An event (a sign-in in another tab, a cart change) may postdate a check under way: it asks anew.
    const onEvent = () => void check();
    for (const name of SESSION_EVENTS) window.addEventListener(name, onEvent);
    return () => {
      for (const name of SESSION_EVENTS) window.removeEventListener(name, onEvent);
    };
  }, [refresh, check]);

  // the role comes with a second check, once per signed-in user
  const signedInName = status === 'signedIn' ? username : null;
  useEffect(() => {
    if (!signedInName) return;
    let current = true;
    void accountApi.sessionUser().then((u) => {
      if (!current) return;
      setRole(u?.role ?? null);
      setRoleCheckedFor(signedInName);
    });
    return () => {
      current = false;
    };
  }, [signedInName]);

  const signedIn = useCallback((name: string) => {
    checks.current++; // an older check must not overwrite the new session
    storeUser(name);
    setUsername(name);
    setStatus('signedIn');
    setSignedOutByUser(false);
    fire(USER_LOGGED_IN);
  }, []);

  const renamed = useCallback((name: string) => {
    storeUser(name);
    setUsername(name);
  }, []);

  const signOut = useCallback(async () => {
    await accountApi.signOut();
    checks.current++;
    clearStoredUser();
    setSignedOutByUser(true);
    signedOutNow();
  }, [signedOutNow]);

  const value = useMemo<Session>(
    () => ({
      status,
      user: username ? { username } : null,
      role,
      isAdmin: status === 'signedIn' && role === 'Admin',
      roleKnown: status === 'signedIn' && roleCheckedFor === username,
      cartCount: status === 'signedIn' ? cartCount : 0,
      refresh,
      signedIn,
      renamed,
      signOut,
      signedOutByUser,
    }),
    [status, username, role, roleCheckedFor, cartCount, refresh, signedIn, renamed, signOut, signedOutByUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const SIGNED_OUT: Session = {
  status: 'signedOut',
  user: null,
  role: null,
  isAdmin: false,
  roleKnown: false,
  cartCount: 0,
  refresh: async () => undefined,
  signedIn: () => undefined,
  renamed: () => undefined,
  signOut: async () => undefined,
  signedOutByUser: false,
};

/** The current session; outside an AuthProvider every visitor is signed out. */
export const useSession = (): Session => useContext(SessionContext) ?? SIGNED_OUT;
