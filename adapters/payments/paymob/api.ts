import { PaymobSettings } from './config';
import { call, field, isOk, Reply, refused } from './http';

/** Paymob's auth token lasts about an hour; a fresh one is asked for well before that. */
export const TOKEN_REUSE_MS = 50 * 60_000;

type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/**
 * Paymob's two ways in: the secret key for intentions (`Authorization: Token …`), and the legacy
 * auth token, from the API key, for what the Intention API leaves to the older one (transaction
 * inquiry and reads, refunds). Never throws.
 */
export class PaymobApi {
  private token?: { readonly value: Promise<Step<string>>; readonly until: number };

  constructor(
    private readonly settings: Pick<PaymobSettings, 'baseUrl' | 'secretKey' | 'apiKey'>,
    private readonly timeoutMs: number,
    private readonly now: () => number,
  ) {}

  /** With the secret key: creating an intention. */
  withSecretKey(path: string, body: unknown): Promise<Reply> {
    return call('POST', this.url(path), this.timeoutMs, { body, authorization: `Token ${this.settings.secretKey}` });
  }

  /** Without credentials: the payment key in the body is the authority (payments/pay). */
  withPaymentKey(path: string, body: unknown): Promise<Reply> {
    return call('POST', this.url(path), this.timeoutMs, { body });
  }

  /** POST with the auth token in the body; a 401 (the token expired early) gets one retry with a new one. */
  post(path: string, body: Record<string, unknown>): Promise<Reply> {
    return this.authed((token) => call('POST', this.url(path), this.timeoutMs, { body: { auth_token: token, ...body } }));
  }

  /** GET with the auth token as a Bearer header (transaction reads). */
  get(path: string): Promise<Reply> {
    return this.authed((token) => call('GET', this.url(path), this.timeoutMs, { authorization: `Bearer ${token}` }));
  }

  private url(path: string): string {
    return this.settings.baseUrl.replace(/\/+$/, '') + path;
  }

  private async authed(send: (token: string) => Promise<Reply>): Promise<Reply> {
    for (const fresh of [false, true]) {
      const token = await this.authToken(fresh);
      if (!token.ok) return { kind: 'unreachable', reason: token.reason };
      const reply = await send(token.value);
      if (!(reply.kind === 'answer' && reply.status === 401) || fresh) return reply;
    }
    return { kind: 'unreachable', reason: 'Paymob refused every auth token.' };
  }

  private authToken(fresh: boolean): Promise<Step<string>> {
    if (!fresh && this.token && this.token.until > this.now()) return this.token.value;
    const value = this.newToken();
    this.token = { value, until: this.now() + TOKEN_REUSE_MS };
    // A failed attempt is not kept: the next call asks again.
    void value.then((step) => {
      if (!step.ok && this.token?.value === value) this.token = undefined;
    });
    return value;
  }

  private async newToken(): Promise<Step<string>> {
    const reply = await call('POST', this.url('/api/auth/tokens'), this.timeoutMs, { body: { api_key: this.settings.apiKey } });
    const token = isOk(reply) ? field(reply.body, 'token') : undefined;
    return typeof token === 'string' && token ? { ok: true, value: token } : { ok: false, reason: refused(reply, 'the API key') };
  }
}
