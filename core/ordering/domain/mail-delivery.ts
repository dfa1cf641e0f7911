import { LIMITS } from '../../shared/limits';

/**
 * How long a claim on a queued message lasts: longer than a send can take (the SMTP adapter gives
 * up well before), short enough that a message claimed by a process that died goes out soon after.
 */
export const MAIL_CLAIM_MS = 5 * 60_000;

/** The waits after each failed send: 1 min, 5 min, 30 min, 2 h; the fifth failure gives up. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

/** When to try a message again after its `attempts`-th send failed at `failedAt`; undefined: give up. */
export const nextMailTry = (attempts: number, failedAt: Date): Date | undefined => {
  const wait = MAIL_RETRY_DELAYS_MS[Math.max(attempts, 1) - 1];
  return wait === undefined ? undefined : new Date(failedAt.getTime() + wait);
};

/**
 * No address receives more than this many of the store's e-mails within an hour, whatever asks
 * for them: the store is never a way to flood someone's inbox. The rest wait their turn.
 */
export const MAIL_PER_ADDRESS = { perHour: LIMITS.mailsPerRecipient.tries, windowMs: LIMITS.mailsPerRecipient.windowSeconds * 1000 } as const;

/**
 * When a message to an address may go, given when the store's messages to it went out within the
 * last hour (oldest first): undefined for now, else when the oldest that fills the hour turns an hour old.
 */
export const heldBackUntil = (sentWithinHour: readonly Date[]): Date | undefined => {
  const { perHour, windowMs } = MAIL_PER_ADDRESS;
  if (sentWithinHour.length < perHour) return undefined;
  return new Date(sentWithinHour[sentWithinHour.length - perHour].getTime() + windowMs);
};
