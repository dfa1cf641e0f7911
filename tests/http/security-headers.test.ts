import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { JSON_CALLS } from '../../api/schemas';
import { CROSS_SITE } from '../../adapters/http/session';
import { storeDirectives } from '../../adapters/http/security-headers';
import { PAYMENT_PROVIDERS } from '../../adapters/payments/registry';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/** The calls served through `publicRoutes`: the same answer for everyone, so cacheable. */
const SHARED = new Set([
  'GET /api/backendproduct/getproducts',
  'GET /api/backendproduct/recommended',
  'GET /api/backendproduct/details/:id',
  'GET /api/backendproduct/related',
  'GET /api/category/:type',
  'GET /api/category/:type/:category',
  'POST /api/search',
]);

/** A GET of the path exactly as written: fetch would resolve '/./' and '/%2e/' before sending. */
const rawGet = (base: string, address: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(base + '/', { path: address, headers }, (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });

const directive = (policy: string | null, name: string): string[] | undefined =>
  policy
    ?.split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1);

describe('security headers', () => {
  const book = aProduct({ subcategory: ['Periodontics'] });
  let api: RunningStore;
  let uiDir: string;

  beforeAll(async () => {
    uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-'));
    const template = '<!doctype html><meta name="store-support-email" content="%STORE_SUPPORT_EMAIL%"><div id="root"></div>';
    fs.writeFileSync(path.join(uiDir, 'index.html'), template);
    fs.writeFileSync(path.join(uiDir, 'index.html.gz'), gzipSync(template));
    fs.writeFileSync(path.join(uiDir, 'index.html.br'), brotliCompressSync(template));
    fs.writeFileSync(path.join(uiDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    api = await startStore([book], { uiDir, trustProxy: 1 });
  });
  afterAll(async () => {
    await api.close();
    fs.rmSync(uiDir, { recursive: true, force: true });
  });

  it('a policy that lets in the store itself and its emulated providers, and no other site', async () => {
    const { headers } = await api.get('/');
    const csp = headers.get('content-security-policy');
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", api.url]);
    expect(directive(csp, 'style-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-src')).toEqual(["'self'", api.url]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", api.url]);
    // The reader's pdf.js worker: a module of the built app, from the store's own origin only.
    expect(directive(csp, 'worker-src')).toEqual(["'self'"]);
    // blob: for the product editor's previews of files chosen to upload
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'https:', 'data:', 'blob:']);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|paypal|paymob/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it("the emulated Paymob card page may be framed by the store, and only by it", async () => {
    const { headers } = await api.get('/emulator/paymob/unifiedcheckout/?publicKey=none&clientSecret=none');
    expect(directive(headers.get('content-security-policy'), 'frame-ancestors')).toEqual(["'self'"]);
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    expect((await api.get('/')).headers.get('strict-transport-security')).toBeNull();
    const secure = await api.get('/', { 'X-Forwarded-Proto': 'https' });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directive(secure.headers.get('content-security-policy'), 'upgrade-insecure-requests')).toEqual([]);
  });

  it('HSTS is not sent on a forwarded header when no proxy is trusted', async () => {
    const direct = await startStore([], { trustProxy: 0 });
    try {
      expect((await direct.get('/api/getip', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await direct.close();
    }
  });

  it('every per-user answer is no-store, every shared one is not (each call of api/calls.ts)', async () => {
    const signUp = await api.post('/api/user/signup', { username: 'Hana', email: 'hana@mail.test', password: 'Secret12' });
    const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!;
    const seen: Record<string, string | null> = {};
    for (const call of [...JSON_CALLS]) {
      const [method, template] = call.split(' ') as [string, string];
      const url = template.replace(':type', 'books').replace(':category', 'Periodontics').replace(/:[a-z]+/gi, book._id);
      const response = await fetch(api.url + url + (method === 'GET' ? '?page=1&limit=5&id=' + book._id : ''), {
        method,
        headers: { cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        body: method === 'GET' ? undefined : '{}',
      });
      await response.arrayBuffer();
      seen[call] = response.headers.get('cache-control');
    }
    for (const [call, cacheControl] of Object.entries(seen)) {
      if (SHARED.has(call)) expect([call, cacheControl]).toEqual([call, null]);
      else expect([call, cacheControl]).toEqual([call, 'no-store']);
    }
  });

  it('a failure message is bounded, and a strict input names only its first unknown key', async () => {
    const keys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`unknown${i}`, 'x']));
    expect(JSON.stringify({ page: '/', ...keys }).length).toBeGreaterThan(1_000_000);
    const visit = await api.post('/api/getip', { page: '/', ...keys });
    expect(visit.status).toBe(400);
    expect(visit.body.message).toBe('Unrecognized key: "unknown0"');
    const long = await api.post('/api/getip', { page: '/', ['k'.repeat(500_000)]: 1 });
    expect(long.status).toBe(400);
    expect(long.body.message.length).toBeLessThanOrEqual(200);
    const search = await api.post('/api/search', { query: 'atlas', ...keys });
    expect(search.status).toBe(400);
    expect(search.body.message.length).toBeLessThanOrEqual(200);
  });

  it('the page template is never served raw', async () => {
    for (const address of ['/index.html', '/%2e/index.html', '/./index.html', '/assets/../index.html', '/%2E%2E/index.html', '//index.html', '/books']) {
      const page = await rawGet(api.url, address, { 'accept-encoding': 'gzip, br' });
      expect([address, page.status]).toEqual([address, 200]);
      expect(page.body).toContain('content="help@store.test"');
      expect(page.body).not.toContain('%STORE_SUPPORT_EMAIL%');
    }
    for (const address of ['/index.html.gz', '/%2e/index.html.gz', '/index.html.br', '/index.html/', '/index.html%2f']) {
      const raw = await rawGet(api.url, address, { 'accept-encoding': 'gzip, br' });
      expect([address, raw.status]).toEqual([address, 404]);
    }
    expect((await api.get('/favicon.svg')).status).toBe(200);
  });

  it('the same-origin check compares with PUBLIC_URL, never with a forwarded host', async () => {
    const shop = await startStore([], { trustProxy: 1, publicUrl: 'https://shop.example' });
    try {
      const forged = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
      const refused = await shop.post('/api/user/login', { username: 'hana', password: 'Secret12' }, forged);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(CROSS_SITE);
      const ours = await shop.post('/api/user/login', { username: 'hana', password: 'Secret12' }, { Origin: 'https://shop.example' });
      expect(ours.status).not.toBe(403);
      // Reached at its local address (Host), the store still expects its configured origin.
      const local = await shop.post('/api/user/login', { username: 'hana', password: 'Secret12' }, { Origin: shop.url });
      expect(local.status).toBe(403);
    } finally {
      await shop.close();
    }
  });
});

describe('the policy with the real providers', () => {
  it("lets in PayPal's SDK, frames and calls, and Paymob's card frame, and no other site", () => {
    const d = storeDirectives({ publicUrl: 'https://shop.example', sources: PAYMENT_PROVIDERS.map((p) => p.csp.real), framedPages: [] }, true);
    const csp = Object.entries(d).map(([name, values]) => [name, ...values].join(' ')).join('; ');
    const paypal = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://shop.example', ...paypal]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://shop.example', ...paypal]);
    expect(directive(csp, 'frame-src')).toEqual(["'self'", 'https://shop.example', ...paypal, 'https://accept.paymob.com']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });
});
