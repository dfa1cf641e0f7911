import { RunningStore } from './http';
import { Json } from './json';

/**
 * A browser that keeps every cookie the store sets (the account's session, a guest's library and
 * order pass), as a real one does; a cookie set empty is dropped.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly api: RunningStore) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json & Record<string, never> }> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(this.api.url + path, {
      method,
      redirect: 'manual',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await response.text();
    let json: Json = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the body stays the text.
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: json as any };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body: unknown = {}) => this.call('POST', path, body);
}

/** The token of the last library link e-mailed to `address`, read from the text of the outbox's message. */
export const libraryTokenIn = (text: string): string | undefined => /\/library\/open\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
