import { TOKENS } from '../../adapters/di/tokens';
import { DATABASE_UNAVAILABLE } from '../../adapters/http/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { egp, usd } from '../../core/shared/money';
import { ThrowawayPostgres, startThrowawayPostgres } from '../../scripts/throwaway-postgres';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { Json } from '../support/json';

/**
 * PostgreSQL stopped for 10 s (`pg_ctl stop -m fast`) and started again while several shoppers
 * browse, search, sign up and fill carts: during the outage every request answers at once (503 with
 * the message, or a catalogue page or search the store still holds), none hangs; once the database is back
 * the same process serves every kind of call within 5 s, its background work goes on, and nothing
 * committed before is lost. Its own throwaway cluster, so stopping it harms no other test; run by
 * `npm run test:e2e` (STORE_OUTAGE_TEST=1), skipped by plain jest.
 */
const OUTAGE_MS = 10_000;
const ANSWER_WITHIN_MS = 2_000;
const BACK_WITHIN_MS = 5_000;
const CLIENTS = 6;

type Kind = 'page' | 'search' | 'profile' | 'cart-add' | 'cart-count' | 'sign-up';
/**
 * Kinds whose answer the store may still hold in memory: a 200 during the outage is right too (a
 * search walks its index in memory, and finds its page's products there when recently shown).
 */
const HELD: ReadonlySet<Kind> = new Set(['page', 'search', 'cart-count']);
const KINDS: readonly Kind[] = ['page', 'search', 'profile', 'cart-add', 'cart-count', 'sign-up'];

interface Outcome {
  readonly kind: Kind;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly status?: number;
  readonly message?: string;
  readonly error?: string;
}

/** A normal answer: 201 for a sign-up, 200 for the rest. */
const ok = (o: Outcome) => o.status === (o.kind === 'sign-up' ? 201 : 200);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

(process.env.STORE_OUTAGE_TEST === '1' ? describe : describe.skip)('a database restart under load', () => {
  let postgres: ThrowawayPostgres;
  let api: RunningStore;
  let dataDir: string;
  /** The e-mails the store's own job sent (the embedded mailer writes each to DATA_DIR/outbox). */
  const sentMail = () => (fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')).filter((file) => file.endsWith('.eml')) : []);
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130000) });
  const guide = aProduct({ title: 'Free Guide', price: usd(0), egpprice: egp(0) });
  const shelf = Array.from({ length: 40 }, (_, i) => aProduct({ title: `Restorative Dentistry part ${i + 1}` }));

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    // Behind one proxy: each sign-up of the load comes from an address of its own, as new shoppers do
    // (one address is allowed 100 new accounts an hour, core/shared/limits.ts).
    // The store's background work as it runs it: the e-mail job every 200 ms.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-restart-'));
    api = await startStore([atlas, guide, ...shelf], {
      database: { engine: 'postgres', url: postgres.url },
      trustProxy: 1,
      background: true,
      sendMailEveryMs: 200,
      dataDir,
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    postgres?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, cookie = '', body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(api.url + path, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let json: Json = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the body stays the text.
    }
    return { status: response.status, body: json, cookie: response.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0] };
  };
  let newcomers = 0;
  const signUp = async (username: string) => {
    const address = `10.0.${Math.floor(++newcomers / 250)}.${newcomers % 250}`;
    const answer = await call('POST', '/api/user/signup', '', { username, email: `${username.toLowerCase()}@mail.test`, password: 'Secret12' }, { 'x-forwarded-for': address });
    return { ...answer, username };
  };
  const buyFree = (cookie: string, name: string) =>
    call('POST', '/api/checkout/pay', cookie, { name, email: `${name.toLowerCase()}@mail.test`, productId: guide._id });

  it('answers 503 within 2 s while PostgreSQL is down, and serves everything again within 5 s of its return, losing nothing', async () => {
    // Committed before the outage: three accounts, a cart, a free order (and its e-mail).
    const [hana, rana, mona] = await Promise.all(['Hana', 'Rana', 'Mona'].map(signUp));
    expect([hana.status, rana.status, mona.status]).toEqual([201, 201, 201]);
    expect((await call('POST', '/api/addtocart', hana.cookie!, { id: atlas._id })).status).toBe(200);
    const order = await buyFree(rana.cookie!, 'Rana');
    expect(order.body).toMatchObject({ success: true, order: { status: 'paid', total: 0 } });
    for (let i = 0; i < 50 && sentMail().length === 0; i++) await pause(100);
    expect(sentMail()).toHaveLength(1);

    // The load: each client runs the kinds in turn, one request at a time, until told to stop.
    const outcomes: Outcome[] = [];
    const signedUp: string[] = [];
    let loading = true;
    let sequence = 0;
    const one = async (kind: Kind, client: number): Promise<Outcome> => {
      const startedAt = Date.now();
      const n = ++sequence;
      try {
        const answer =
          kind === 'page'
            ? await call('GET', '/api/backendproduct/getproducts?page=1&limit=15')
            : kind === 'search'
              ? // A new query each time: never an answer the store holds.
                await call('POST', '/api/search', '', { query: `restorative ${n}` })
              : kind === 'profile'
                ? await call('GET', '/api/user/profiledata', mona.cookie!)
                : kind === 'cart-add'
                  ? await call('POST', '/api/addtocart', mona.cookie!, { id: shelf[n % shelf.length]._id })
                  : kind === 'cart-count'
                    ? await call('GET', '/api/addtocart/CartCount', mona.cookie!)
                    : await signUp(`Load${client}x${n}`);
        if (kind === 'sign-up' && answer.status === 201) signedUp.push(`Load${client}x${n}`);
        return { kind, startedAt, endedAt: Date.now(), status: answer.status, message: answer.body?.message };
      } catch (error) {
        return { kind, startedAt, endedAt: Date.now(), error: String((error as Error).name ?? error) };
      }
    };
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let turn = client; loading; turn++) {
        outcomes.push(await one(KINDS[turn % KINDS.length], client));
        await pause(20);
      }
    });

    await pause(1_000);
    await postgres.shutDown();
    const downAt = Date.now();
    await pause(OUTAGE_MS);
    const restartAt = Date.now();
    await postgres.startAgain();
    const upAt = Date.now();
    await pause(BACK_WITHIN_MS + 2_000);
    loading = false;
    await Promise.all(clients);

    // No request hung or lost its connection, and none was a 500.
    expect(outcomes.filter((o) => o.error !== undefined)).toEqual([]);
    expect(outcomes.filter((o) => o.status === 500)).toEqual([]);

    // During the outage: at once, 503 with the message (or a page the store holds).
    const during = outcomes.filter((o) => o.startedAt >= downAt && o.endedAt <= restartAt);
    expect(during.length).toBeGreaterThan(50);
    expect(during.filter((o) => o.endedAt - o.startedAt > ANSWER_WITHIN_MS)).toEqual([]);
    const refused = during.filter((o) => !(HELD.has(o.kind) && o.status === 200));
    // Every call that needs the database is refused; one the store may answer from memory may be
    // refused too, when what it holds was forgotten (a cart count after the shopper's own change).
    const refusedKinds = new Set(refused.map((o) => o.kind));
    expect(KINDS.filter((k) => !HELD.has(k) && !refusedKinds.has(k))).toEqual([]);
    expect(refused.filter((o) => o.status !== 503 || o.message !== DATABASE_UNAVAILABLE)).toEqual([]);

    // Back within 5 s of the database: from then on every kind of call answers normally.
    const after = outcomes.filter((o) => o.startedAt >= upAt + BACK_WITHIN_MS);
    expect(new Set(after.map((o) => o.kind))).toEqual(new Set(KINDS));
    expect(after.filter((o) => !ok(o))).toEqual([]);
    const firstFailureAfterUp = outcomes.filter((o) => o.startedAt >= upAt && !ok(o)).map((o) => o.endedAt - upAt);
    console.log(
      `${outcomes.length} requests, ${during.length} during the outage (slowest ${Math.max(...during.map((o) => o.endedAt - o.startedAt))} ms); ` +
        `last failure ${firstFailureAfterUp.length ? Math.max(...firstFailureAfterUp) : 0} ms after the database was back`,
    );

    // Nothing committed is lost: the accounts and their sessions, the cart, the order, every sign-up answered 201.
    for (const shopper of [hana, rana, mona]) {
      const profile = await call('GET', '/api/user/profiledata', shopper.cookie!);
      expect(profile).toMatchObject({ status: 200, body: { success: true, userData: { username: shopper.username } } });
    }
    expect((await call('GET', `/api/addtocart/${atlas._id}`, hana.cookie!)).body).toEqual({ success: true });
    expect((await call('GET', '/api/user/profiledata', rana.cookie!)).body.userData.orders).toMatchObject([{ _id: order.body.order.orderId, status: 'paid' }]);
    const knex = api.store.get(TOKENS.Database).knex;
    expect(signedUp.length).toBeGreaterThan(0);
    expect(Number((await knex('users').whereIn('username', signedUp).count({ n: '*' }).first())?.n)).toBe(signedUp.length);

    // The background work goes on: the e-mail job sends a new order's letter, and the change
    // feed still reads the log (a change logged as by another process reaches the held page).
    const another = await buyFree(hana.cookie!, 'Hana');
    expect(another.body).toMatchObject({ success: true, order: { status: 'paid' } });
    // Within the queue's own retries: a link of the e-mail chain that failed while the database was
    // away is tried again after about 5 s, then 10 s (adapters/di/background.ts).
    for (let i = 0; i < 200 && sentMail().length < 2; i++) await pause(100);
    expect(sentMail()).toHaveLength(2);
    await knex('products').where({ id: shelf[39]._id }).update({ title: 'Renamed elsewhere' });
    await knex('cache_changes').insert({ area: 'catalogue', key: '' });
    let titles: string[] = [];
    for (let i = 0; i < 40 && !titles.includes('Renamed elsewhere'); i++) {
      await pause(100);
      titles = (await call('GET', '/api/backendproduct/getproducts?page=1&limit=15')).body.products?.map((p: { title: string }) => p.title) ?? [];
    }
    expect(titles).toContain('Renamed elsewhere');
  }, 90_000);
});
