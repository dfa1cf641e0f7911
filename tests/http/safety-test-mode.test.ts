import { ALL_CREDENTIALS } from '../support/credentials';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, configFromEnv } from '../../adapters/di/config';
import { TEST_STORE_BANNER } from '../../adapters/http/ui';
import { TOKENS } from '../../adapters/di/tokens';
import { GoogleBrowser } from '../support/google-browser';
import { pageTemplateFolder, RunningStore, startStore } from '../support/http';
import { signedInShopper } from '../support/admin';
import { aProduct } from '../support/products';

/**
 * DECISIONS 21: the emulated PayPal, Paymob and Google are served only in test mode, the default of
 * a store only this machine reaches. Before it, a store deployed without credentials served them to
 * everyone: any buyer approved their own payment, and anyone signed in as anyone through Google.
 */
const refusal = (env: Record<string, string>) => {
  try {
    configFromEnv(env);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};


describe('test mode is explicit and local', () => {
  it('is the default only for a store listening on, and reached at, a loopback address', () => {
    expect(configFromEnv({}).testMode).toBe('local');
    expect(configFromEnv({ HOST: 'localhost', PUBLIC_URL: 'http://localhost:3000' }).testMode).toBe('local');
    expect(configFromEnv({ PUBLIC_URL: 'http://127.0.0.2:8080' }).testMode).toBe('local');
  });

  it.each([
    [{ PUBLIC_URL: 'https://shop.example' }, 'is reached at https://shop.example'],
    [{ HOST: '0.0.0.0' }, 'listens on 0.0.0.0'],
    [{ HOST: '0.0.0.0', PUBLIC_URL: 'http://127.0.0.1:3000' }, 'is reached at http://127.0.0.1:3000'],
    [{ TEST_PAYMENTS: 'off' }, 'listens on 127.0.0.1'],
  ])('refuses to start for %j without credentials, naming the missing settings', (env, where) => {
    const message = refusal(env);
    expect(message).toContain(`The store ${where}, so it takes real payments only, and these settings are missing:`);
    expect(message).toContain('PayPal: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID');
    expect(message).toContain('Paymob: PAYMOB_SECRET_KEY, PAYMOB_PUBLIC_KEY, PAYMOB_API_KEY, PAYMOB_HMAC_SECRET');
    expect(message).toContain('TEST_PAYMENTS=on');
  });

  it('names only the provider that lacks its credentials', () => {
    const { PAYMOB_SECRET_KEY, PAYMOB_PUBLIC_KEY, PAYMOB_API_KEY, PAYMOB_HMAC_SECRET, PAYMOB_CARD_INTEGRATION_ID, ...paypalOnly } = ALL_CREDENTIALS;
    const message = refusal({ PUBLIC_URL: 'https://shop.example', ...paypalOnly });
    expect(message).toContain('Paymob: PAYMOB_SECRET_KEY');
    expect(message).not.toContain('PayPal:');
  });

  it('starts a public store with every payment credential, with no test mode and no emulated Google', () => {
    const config = configFromEnv({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS });
    expect(config).toMatchObject({ testMode: undefined, google: undefined });
  });

  it("runs a public test store only on the operator's word (TEST_PAYMENTS=on)", () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://shop.example', TEST_PAYMENTS: 'on' }).testMode).toBe('public');
    expect(refusal({ TEST_PAYMENTS: 'yes' })).toMatch(/TEST_PAYMENTS: must be on or off/);
  });

  it('the store started as an operator would, for https://shop.example with no credentials, does not start', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-store-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
        env: { PATH: process.env.PATH, PUBLIC_URL: 'https://shop.example', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID');
      expect(run.stdout).not.toContain('is open at');
      // Refused before the database was opened: nothing was made.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a store with real providers serves no emulator and takes no emulated payment', () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore([aProduct({ _id: 'a00000000000000000000001' })], {
      publicUrl: 'https://shop.example',
      testMode: undefined,
      // Real clients, pointed at addresses that answer nothing: no money can move in this test.
      payments: configFromEnv({ PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS }).payments,
    });
  });
  afterAll(() => store.close());

  it.each([
    ['get', '/emulator/oidc/.well-known/openid-configuration'],
    ['get', '/emulator/paypal/sdk/js'],
    ['post', '/emulator/paypal/v1/oauth2/token'],
    ['post', '/emulator/paypal/buyer/orders/5O190127TN364715T/approve'],
    ['post', '/emulator/paymob/api/auth/tokens'],
  ])('%s %s is not there', async (method, where) => {
    const answer = method === 'get' ? await store.get(where) : await store.post(where, {});
    expect(answer.status).toBe(404);
  });

  it('offers no Google sign-in without Google credentials: the browser is told it is unavailable', async () => {
    const browser = new GoogleBrowser();
    expect(await browser.go(`${store.url}/api/auth/google`)).toMatchObject({ status: 302, location: `${store.url}/user/login?google=unavailable` });
  });

  it('never composes an emulated provider outside test mode, whatever the configuration says', async () => {
    await expect(startStore([], { publicUrl: 'https://shop.example', testMode: undefined })).rejects.toThrow(/missing: paypal, paymob/);
  });
});

describe('a public test store says so on every page', () => {
  const uiDir = pageTemplateFolder();
  const page = async (testMode: 'local' | 'public') => {
    const store = await startStore([], { publicUrl: 'https://shop.example', testMode, uiDir: uiDir() });
    try {
      return (await store.get('/product/abc')).body as string;
    } finally {
      await store.close();
    }
  };

  it('shows the banner in the page itself, outside the app, when the operator turned test payments on', async () => {
    const html = await page('public');
    expect(html).toContain(`<p class="test-store-banner" role="note">${TEST_STORE_BANNER}</p>`);
    expect(TEST_STORE_BANNER).toBe('Test store: no real payments');
  });

  it('shows no banner, and no placeholder, on the local store', async () => {
    const html = await page('local');
    expect(html).not.toContain(TEST_STORE_BANNER);
    expect(html).not.toContain('%TEST_STORE_BANNER%');
    expect(html).toContain('<meta name="store-google-sign-in" content="on" />');
  });
});

describe("a test store's emulated payment still pays, where test mode is on", () => {
  it('lets a shopper pay through the emulated PayPal (the README\'s npm start)', async () => {
    const store = await startStore([aProduct({ _id: 'a00000000000000000000002' })]);
    try {
      const shopper = await signedInShopper(store, 'Hana');
      const created = await shopper.post('/api/paypal/create-order', { name: 'Hana', email: 'hana@mail.test', productId: 'a00000000000000000000002' });
      expect(created.status).toBe(200);
      expect(store.store.get(TOKENS.Config).testMode).toBe('local');
    } finally {
      await store.close();
    }
  });
});
