import { isIPv4, isIPv6 } from 'node:net';
import { Context, Middleware } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../../core/shared/errors';
import { refuse } from './respond';
import { Logger } from './logger';

/** At most `tries` within a window of `seconds`, counted from an address's first try in it. */
export interface AddressLimit {
  readonly tries: number;
  readonly seconds: number;
}

/**
 * The edge's limit, or none (off). Set from RATE_LIMIT_REQUESTS (adapters/di/config.ts). Who may
 * sign in is decided by the core's limits (core/shared/limits.ts), which count failures, never a
 * shared network's honest shoppers.
 */
export interface AddressLimits {
  /** Every request of an address, whatever it asks for. */
  readonly requests?: AddressLimit;
}

export const tooManyRequests = (seconds: number) => `Too many requests from your network. Please try again in ${inWords(seconds)}.`;
const inWords = (seconds: number) => (seconds === 1 ? '1 second' : `${seconds} seconds`);

/** The longest text kept as a key when the address is not an address (it is counted all the same). */
const MAX_KEY = 64;

/** A group of an IPv6 address as numbers; an IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two. */
const numbersOf = (group: string): number[] => {
  if (!group.includes('.')) return [parseInt(group, 16)];
  const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
  return [a * 256 + b, c * 256 + d];
};

/** The eight 16-bit groups of an IPv6 address that isIPv6 accepted, the `::` filled with zeros. */
const hextets = (address: string): number[] => {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap(numbersOf));
  const [front, back] = [groups(head), tail === undefined ? [] : groups(tail)];
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
};

/**
 * Who a limit counts: an IPv4 address (also when written as IPv6, `::ffff:192.0.2.1`), or an
 * IPv6 address's /64 network, as one household or phone is given a whole /64 and can pick any
 * address in it.
 */
export const addressKey = (ip: string): string => {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${hextets(address).slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
  return address.slice(0, MAX_KEY);
};

/** Who asks, as every limit counts it (the core's too): the address, or an IPv6 address's /64. */
export const networkOf = (ctx: Context): string => addressKey(ctx.ip);

/** How long until the address may try again, in whole seconds (Retry-After), at least 1. */
const secondsLeft = (refusal: RateLimiterRes) => Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

const limiterOf = (limit: AddressLimit, prefix: string) =>
  new RateLimiterMemory({ keyPrefix: prefix, points: limit.tries, duration: limit.seconds });

/** Counts one try of the request's address; the seconds to wait when it is one too many, else 0. */
const counter = (limit: AddressLimit, prefix: string) => {
  const limiter = limiterOf(limit, prefix);
  return (ctx: Context): Promise<number> =>
    limiter.consume(addressKey(ctx.ip)).then(
      () => 0,
      (refusal: unknown) => {
        if (refusal instanceof RateLimiterRes) return secondsLeft(refusal);
        throw refusal;
      },
    );
};

/**
 * How long a refusal is held before it is sent. A script that tries again the moment it is
 * refused (a flood over 40 connections) would otherwise be answered thousands of times a second,
 * each answer small but together most of the process's time, which every other shopper waits
 * for; held, each of its connections makes four tries a second. A limit's refusal is the only
 * answer held (and the sign-in turns' 503, app.ts), and for no longer than this.
 */
export const REFUSAL_HOLD_MS = 250;

/** Holds a refusal before it is sent (REFUSAL_HOLD_MS). */
export const holdRefusal = () => new Promise((resolve) => setTimeout(resolve, REFUSAL_HOLD_MS));

const refuseWithRetry = async (ctx: Context, seconds: number, message: string) => {
  await holdRefusal();
  ctx.set('Retry-After', String(seconds));
  refuse(ctx, rateLimited(message));
};

/**
 * Every request of an address, counted before anything else is done for it (no body read, no
 * database), as a proxy's limit_req would: a shopper's pages, covers and admin work stay far
 * below it, a burst of thousands is answered 429. In memory, per process: what it protects is the
 * process's own time (DECISIONS 5 keeps the counts that decide who may sign in in PostgreSQL).
 */
export const limitRequests = (limit: AddressLimit | undefined, proxy: { readonly trusted: boolean; readonly logger: Logger }): Middleware => {
  let warned = false;
  const count = limit && counter(limit, 'requests');
  return async (ctx, next) => {
    if (!proxy.trusted && !warned && ctx.get('X-Forwarded-For')) {
      warned = true;
      proxy.logger.warn({}, 'A request came with X-Forwarded-For while TRUST_PROXY is 0: behind a proxy, set TRUST_PROXY, or every shopper counts as the proxy\'s one address for the per-address limits');
    }
    const wait = count ? await count(ctx) : 0;
    if (wait > 0) return refuseWithRetry(ctx, wait, tooManyRequests(wait));
    await next();
  };
};
