/** How long a session lasts: written here only; the Sessions port and the cookie take it from here. */
export const SESSION_LIFETIME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const sessionExpiry = (now: Date): Date => new Date(now.getTime() + SESSION_LIFETIME_DAYS * DAY_MS);
