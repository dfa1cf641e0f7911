/**
 * The window events on which the login status and the cart count refresh (spec 4). Any screen may
 * fire them; the session provider listens.
 */
export const CART_UPDATED = 'cartUpdated';
export const USER_LOGGED_IN = 'userloggedin';
export const CART_PAGE_ITEMS = 'cartPageItems';
export const SIGNUP_SUCCESS = 'signupSuccess';

export const SESSION_EVENTS = [CART_UPDATED, USER_LOGGED_IN, CART_PAGE_ITEMS, SIGNUP_SUCCESS] as const;

export const fire = (name: (typeof SESSION_EVENTS)[number]): void => {
  window.dispatchEvent(new Event(name));
};

/** Where the signed-in user's name is kept between visits, as the original store did (spec 4). */
export const STORED_USER_KEY = 'user';

export function storeUser(username: string): void {
  try {
    sessionStorage.setItem(STORED_USER_KEY, username);
    localStorage.setItem(STORED_USER_KEY, username);
  } catch {
    /* storage may be unavailable (private mode); the session cookie is what counts */
  }
}

export function clearStoredUser(): void {
  try {
    sessionStorage.removeItem(STORED_USER_KEY);
    localStorage.removeItem(STORED_USER_KEY);
  } catch {
    /* see storeUser */
  }
}

export function storedUser(): string | null {
  try {
    return sessionStorage.getItem(STORED_USER_KEY) ?? localStorage.getItem(STORED_USER_KEY);
  } catch {
    return null;
  }
}
