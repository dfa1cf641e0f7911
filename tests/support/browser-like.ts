import { RunningStore } from './http';
import { Json } from './json';

/** A client that keeps the session cookie between calls, as a browser does. */
export class Shopper {
  cookie = '';

  constructor(private readonly api: RunningStore) {}

  private remember(headers: Headers) {
    const set = headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) this.cookie = set.split(';')[0];
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(this.api.url + path, {
      method,
      redirect: 'manual',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.answerOf(response);
  }

  /** A multipart form, as the product editor sends it (the browser sets its boundary). */
  async form(path: string, form: FormData, method = 'POST') {
    const response = await fetch(this.api.url + path, { method, headers: this.cookie ? { cookie: this.cookie } : {}, body: form });
    return this.answerOf(response);
  }

  /** Keeps the session cookie the answer sets; its body as JSON when it is JSON, else as text. */
  private async answerOf(response: Response) {
    this.remember(response.headers);
    const text = await response.text();
    let json: Json = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the body stays the text.
    }
    return { status: response.status, body: json, headers: response.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.call('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) => this.call('POST', path, body, headers);
  delete = (path: string) => this.call('DELETE', path);

  signUp(username: string, password = 'Secret12') {
    return this.post('/api/user/signup', { username, email: `${username.toLowerCase()}@mail.test`, password, repeatpassword: password });
  }
}
