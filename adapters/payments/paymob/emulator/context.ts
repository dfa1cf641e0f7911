import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import { PaymobMethod } from '../config';
import { Deliveries } from './callbacks';
import { Ledger } from './ledger';
import { PaymobEmulatorOptions } from './options';

/** What the emulator's routes share: the account it plays, its ledger, its callbacks and its faults. */
export interface EmulatorContext {
  readonly account: PaymobEmulatorOptions;
  readonly ledger: Ledger;
  readonly deliveries: Deliveries;
  readonly now: () => number;
  /** Where it is mounted ('' or '/emulator/paymob'): the addresses it hands out start with it. */
  readonly prefix: string;
  /** The method an integration id of the account is for. */
  methodOf(integration: number): PaymobMethod | undefined;
  /** Counts the call, waits the latency, and answers 500 while failures are asked for. */
  api(path: string): Middleware;
  /** The auth token in the body (`auth_token`) or as a Bearer header; 401 otherwise. */
  readonly authenticated: Middleware;
  readonly body: Middleware;
  /** The store's way back, for a transaction of this intention. */
  responseUrl(intentionRedirect: string | undefined): string | undefined;
}

export type Body = Record<string, unknown>;
export const bodyOf = (ctx: Context): Body => {
  const body = ctx.request.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
};
export const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const TOKEN_LIFE_MS = 60 * 60_000;
/** Auth tokens kept; a client asking for a new one on every call cannot grow the map without end. */
const MAX_TOKENS = 1000;

export interface Faults {
  latencyMs: number;
  failures: number;
  readonly calls: Record<string, number>;
  readonly slowAnswers: Record<string, number>;
}

export const apiMiddleware =
  (faults: Faults) =>
  (path: string): Middleware =>
  async (ctx: Context, next: Next) => {
    faults.calls[path] = (faults.calls[path] ?? 0) + 1;
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (faults.failures > 0) {
      faults.failures--;
      ctx.status = 500;
      ctx.type = 'text/html';
      ctx.body = '<h1>Server Error (500)</h1>';
      return;
    }
    await next();
    const late = faults.slowAnswers[path] ?? 0;
    if (late > 0) await sleep(late);
  };

/** The legacy auth tokens the API key buys, an hour each. */
export class Tokens {
  private readonly tokens = new Map<string, number>();
  constructor(private readonly now: () => number) {}

  issue(token: string): void {
    this.tokens.set(token, this.now() + TOKEN_LIFE_MS);
    for (const [old, expires] of this.tokens) if (expires < this.now() || this.tokens.size > MAX_TOKENS) this.tokens.delete(old);
  }

  readonly authenticated: Middleware = async (ctx, next) => {
    const header = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
    const inBody = bodyOf(ctx).auth_token;
    const token = typeof inBody === 'string' ? inBody : header;
    const expires = token ? this.tokens.get(token) : undefined;
    if (expires === undefined || expires < this.now()) {
      ctx.status = 401;
      ctx.body = { detail: 'incorrect credentials' };
      return;
    }
    await next();
  };
}

export const jsonOrForm = (): Middleware => koaBody({ jsonLimit: '100kb', formLimit: '10kb', multipart: false });
