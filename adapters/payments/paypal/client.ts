import { PayPalConfig } from './config';
import { readRecord } from './wire';

/** PayPal answered (2xx or 4xx), or could not be asked: time-out, network, 5xx, refused credentials. */
export type Answer =
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'unreachable'; readonly reason: string };

type Token = { readonly kind: 'token'; readonly value: string; readonly renewAt: number } | Extract<Answer, { kind: 'unreachable' }>;

/** A token is renewed this long before PayPal says it expires (a tenth of its life, at most 5 minutes). */
const renewalMargin = (lifeMs: number) => Math.min(5 * 60_000, lifeMs / 10);

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** By name, not instanceof: fetch's DOMException may come from another realm than this module's Error. */
const describe = (error: unknown): string => {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return name === 'TimeoutError' || name === 'AbortError' ? 'PayPal did not answer in time' : `PayPal could not be reached (${String(error)})`;
};

/**
 * Calls PayPal's REST API with a client-credentials token, kept until shortly before it expires and
 * fetched again once when PayPal answers 401 (revoked or expired early). Never throws.
 */
export class PayPalClient {
  private token?: Promise<Token>;

  constructor(
    private readonly config: PayPalConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async call(method: 'GET' | 'POST', path: string, options: { json?: string; requestId?: string } = {}): Promise<Answer> {
    const first = await this.send(method, path, options);
    if (first.kind !== 'answer' || first.status !== 401) return first;
    this.token = undefined;
    return this.send(method, path, options);
  }

  private async send(method: 'GET' | 'POST', path: string, { json, requestId }: { json?: string; requestId?: string }): Promise<Answer> {
    const token = await this.accessToken();
    if (token.kind !== 'token') return token;
    const headers: Record<string, string> = { authorization: `Bearer ${token.value}`, accept: 'application/json' };
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (requestId) headers['paypal-request-id'] = requestId;
    // The whole order back (captures included) rather than the minimal answer, on create and capture alike.
    if (method === 'POST') headers.prefer = 'return=representation';
    return this.fetch(path, { method, headers, body: json });
  }

  private async accessToken(): Promise<Token> {
    const cached = this.token;
    if (cached) {
      const token = await cached;
      // A request that just failed answers every call that waited on it; the next call asks again.
      if (token.kind !== 'token' || this.now() < token.renewAt) return token;
      if (this.token !== cached) return this.accessToken();
    }
    // Concurrent calls share one token request.
    const next = this.requestToken();
    this.token = next;
    const token = await next;
    if (token.kind !== 'token' && this.token === next) this.token = undefined;
    return token;
  }

  private async requestToken(): Promise<Token> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const asked = this.now();
    const answer = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (answer.kind !== 'answer') return answer;
    const body = readRecord(answer.body);
    if (answer.status === 200 && typeof body?.access_token === 'string' && typeof body.expires_in === 'number') {
      const lifeMs = body.expires_in * 1000;
      return { kind: 'token', value: body.access_token, renewAt: asked + lifeMs - renewalMargin(lifeMs) };
    }
    const error = typeof body?.error === 'string' ? body.error : `status ${answer.status}`;
    return { kind: 'unreachable', reason: `PayPal refused the store's credentials (${error})` };
  }

  private async fetch(path: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
    try {
      const response = await fetch(this.config.baseUrl + path, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
      const body = parse(await response.text());
      if (response.status >= 500) return { kind: 'unreachable', reason: `PayPal answered ${response.status}` };
      return { kind: 'answer', status: response.status, body };
    } catch (error) {
      return { kind: 'unreachable', reason: describe(error) };
    }
  }
}
