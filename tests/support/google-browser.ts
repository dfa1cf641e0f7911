type Identity = { name?: string; email: string; verified?: boolean };

/**
 * A browser as far as Google sign-in needs one: it keeps cookies (one jar: the store and a test
 * provider share the host 127.0.0.1, as a browser's cookies would) and follows redirects by hand,
 * so a test can stop, look and tamper at each step.
 */
export class GoogleBrowser {
  readonly cookies = new Map<string, string>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair, ...attributes] = set.split(';');
      const [name, value = ''] = pair.split('=');
      const gone = !value || attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (gone) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const location = response.headers.get('location');
    return { status: response.status, location: location ? new URL(location, url).href : undefined, text: await response.text() };
  }

  /** From the store's 'Continue with Google' to the provider's callback address, not yet visited. */
  async toCallback(store: string, identity: Identity, returnTo = '/product/abc') {
    const start = await this.go(`${store}/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
    if (start.status !== 302 || !start.location) throw new Error(`no redirect to the provider: ${start.status}`);
    return { authorize: start.location, callback: await this.atProvider(start.location, identity) };
  }

  /** At the provider's page (`authorize`), chooses who to be; answers the callback address, not yet visited. */
  async atProvider(authorize: string, identity: Identity): Promise<string> {
    const page = await this.go(authorize);
    const request = /name="request" value="([^"]+)"/.exec(page.text)?.[1];
    if (!request) throw new Error(`no identity page: ${page.status} ${page.text.slice(0, 200)}`);
    const form = { request, name: identity.name ?? '', email: identity.email, choice: 'identity', ...(identity.verified === false ? {} : { verified: 'on' }) };
    const chosen = await this.go(authorize.split('?')[0], { method: 'POST', form });
    if (!chosen.location) throw new Error(`no code: ${chosen.status} ${chosen.text.slice(0, 200)}`);
    return chosen.location;
  }

  /** A call to the store with a form body, as a page's script would send it (same origin). */
  async call(store: string, path: string, form: Record<string, string>) {
    const answer = await this.go(`${store}${path}`, { method: 'POST', form });
    return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
  }

  async username(store: string): Promise<string | undefined> {
    const answer = await this.go(`${store}/api/user/islogged`);
    if (answer.status !== 200) throw new Error(`islogged answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return (JSON.parse(answer.text) as { username?: string }).username;
  }
}
