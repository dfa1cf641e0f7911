import * as E from 'fp-ts/Either';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOKENS } from '../../adapters/di/tokens';
import { queueMail } from '../../adapters/persistence/knex-outbox';
import { Actor } from '../../core/audit/domain/audit';
import { exchangeRate } from '../../core/catalog/domain/exchange-rate';
import { NewProduct } from '../../core/catalog/domain/product';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/**
 * Two app processes on one PostgreSQL database, each with its own container, pool, change feed,
 * caches and HTTP server, as two `npm start` behind one proxy: what one does, the other shows.
 * With notifications (LISTEN/NOTIFY) well within a long refresh interval; without them, by the
 * poll, within the interval.
 */
const STEP_MS = 5;

/** How long until `seen` holds, asked every few milliseconds; fails past `limitMs`. */
const msUntil = async (seen: () => Promise<boolean>, limitMs: number): Promise<number> => {
  const started = performance.now();
  for (;;) {
    if (await seen()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  }
};

const fieldsOf = ({ _id, createdAt, ...fields }: NewProduct) => fields;

const url = TEST_DATABASE_URL;
if (!url) test.skip('Two processes on one PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
else {
  const twoProcesses = (name: string, options: { refreshMs: number; listen: boolean; within: number }) =>
    describe(name, () => {
      let db: Awaited<ReturnType<typeof freshPostgres>>;
      let here: RunningStore;
      let there: RunningStore;
      let admin: Actor;
      const book = aProduct({ title: 'Atlas of Implants', price: usd(2000), egpprice: egp(100000) });
      const guide = aProduct({ title: 'Free Guide', price: usd(0), egpprice: egp(0) });
      const processOn = (products: readonly NewProduct[]) =>
        startStore(products, {
          database: { engine: 'postgres', url: db.url, poolSize: 3 },
          catalogueRefreshMs: options.refreshMs,
          listenForChanges: options.listen,
          // Warnings only: what the store tells the operator when it loses its listening connection.
          logLevel: 'warn',
        });
      const detailsThere = async () => (await there.get(`/api/backendproduct/details/${book._id}`)).body.productDetails;

      beforeAll(async () => {
        db = await freshPostgres(url);
        here = await processOn([book, guide]);
        there = await processOn([]);
        await signedInAdmin(here);
        const owner = await db.knex('users').where('username', 'Owner').first('id', 'username');
        admin = { id: owner.id, username: owner.username, at: new Date() };
      });
      afterAll(async () => {
        await here?.close();
        await there?.close();
        await db?.close();
      });

      it('shows a price change made through the other, by the editor and by the bulk reprice', async () => {
        expect(await detailsThere()).toMatchObject({ price: 20, egpprice: 1000 });
        expect(await detailsThere()).toMatchObject({ price: 20, egpprice: 1000 });

        await here.store.get(TOKENS.ProductEditor).update(book._id, { ...fieldsOf(book), price: usd(2550) }, admin);
        const edited = await msUntil(async () => (await detailsThere()).price === 25.5, options.within);

        const rate = exchangeRate('60');
        if (E.isLeft(rate)) throw new Error(rate.left.message);
        expect(await here.store.get(TOKENS.ProductEditor).repriceEgp(rate.right, admin)).toMatchObject({ kind: 'repriced' });
        const repriced = await msUntil(async () => (await detailsThere()).egpprice === 1530, options.within);

        expect(await detailsThere()).toMatchObject({ price: 25.5, egpprice: 1530 });
        console.log(`${name}: price change seen after ${edited.toFixed(0)} ms, reprice after ${repriced.toFixed(0)} ms`);
      });

      it('finds by search a product renamed through the other (its search index is loaded again)', async () => {
        const found = async (query: string) => (await there.post('/api/search', { query })).body.results.map((p: { _id: string }) => p._id);
        expect(await found('atlas implants')).toEqual([book._id]);
        expect(await found('zirconia')).toEqual([]);

        await here.store.get(TOKENS.ProductEditor).update(book._id, { ...fieldsOf(book), title: 'Atlas of Zirconia Crowns' }, admin);
        const seen = await msUntil(async () => (await found('zirconia')).length === 1, options.within);

        expect(await found('zirconia crowns')).toEqual([book._id]);
        expect(await found('atlas implants')).toEqual([]);
        await here.store.get(TOKENS.ProductEditor).update(book._id, fieldsOf(book), admin);
        console.log(`${name}: renamed product found by search after ${seen.toFixed(0)} ms`);
      });

      it('shows a paid order and a sign-out made through the other', async () => {
        const shopper = new Shopper(here);
        expect((await shopper.signUp('Hana')).status).toBe(201);
        const sameBrowserThere = new Shopper(there);
        sameBrowserThere.cookie = shopper.cookie;

        expect((await shopper.post('/api/addtocart', { id: guide._id })).body).toMatchObject({ added: true });
        const count = async () => (await sameBrowserThere.get('/api/addtocart/CartCount')).body.count;
        await msUntil(async () => (await count()) === 1, options.within);
        expect(await count()).toBe(1);

        // A free order is paid at once, and a paid order leaves the cart.
        const paid = await shopper.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: guide._id });
        expect(paid.body).toMatchObject({ success: true, order: { status: 'paid', total: 0 } });
        const emptied = await msUntil(async () => (await count()) === 0, options.within);
        const orders = (await sameBrowserThere.get('/api/user/profiledata')).body.userData.orders;
        expect(orders).toEqual([expect.objectContaining({ status: 'paid', delivered: true })]);

        expect((await sameBrowserThere.get('/api/user/islogged')).body.success).toBe(true);
        expect((await shopper.post('/api/user/signout')).status).toBe(200);
        const signedOut = await msUntil(async () => (await sameBrowserThere.get('/api/user/islogged')).body.success === false, options.within);
        console.log(`${name}: paid order seen after ${emptied.toFixed(0)} ms, sign-out after ${signedOut.toFixed(0)} ms`);
      });

      if (options.listen)
        it('listens again when its listening connection is lost, and never stops serving', async () => {
          const listeners = () =>
            db.knex('pg_stat_activity').where({ datname: db.knex.raw('current_database()') }).whereILike('query', 'listen%').pluck('pid');
          const lost = await listeners();
          expect(lost).toHaveLength(2);
          const written = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
          await db.knex.raw('select pg_terminate_backend(pid) from pg_stat_activity where pid = any(?)', [lost]);
          expect((await there.get('/api/backendproduct/getproducts?page=1&limit=5')).status).toBe(200);
          const lines = () => written.mock.calls.map(([line]) => JSON.parse(String(line)) as { level: number; msg: string });
          // The server lists a new listener as soon as its LISTEN ran; the process says so once the
          // answer is back, a moment later: both are waited for.
          const again = () => lines().filter((w) => w.msg === 'Listening for changes again.').length;
          await msUntil(async () => (await listeners()).filter((pid) => !lost.includes(pid)).length === 2 && again() === 2, 5000);
          const warnings = lines();
          expect(warnings.every((w) => w.level === 40)).toBe(true);
          expect(warnings.map((w) => w.msg)).toEqual([
            expect.stringContaining('the connection that listens for changes was lost'),
            expect.stringContaining('the connection that listens for changes was lost'),
            'Listening for changes again.',
            'Listening for changes again.',
          ]);
          written.mockRestore();

          await here.store.get(TOKENS.ProductEditor).update(book._id, { ...fieldsOf(book), price: usd(3000) }, admin);
          await msUntil(async () => (await detailsThere()).price === 30, options.within);
        });
    });

  // Notifications: a change is seen in milliseconds, though the poll would take up to 5 s.
  twoProcesses('two processes told by NOTIFY', { refreshMs: 5000, listen: true, within: 300 });
  // Without notifications (say, behind a pooler that cannot LISTEN): the poll, within its interval.
  // (The margin is one read of the log and one check, on a busy machine.)
  twoProcesses('two processes reading the log every refresh', { refreshMs: 1000, listen: false, within: 1000 + 400 });

  describe('two processes sending the e-mail of one outbox, each with its job workers', () => {
    let db: Awaited<ReturnType<typeof freshPostgres>>;
    const stores: RunningStore[] = [];
    const dirs: string[] = [];
    /** The e-mails a process sent: its embedded mailer writes each to its DATA_DIR/outbox. */
    const sentBy = (dir: string) => (fs.existsSync(path.join(dir, 'outbox')) ? fs.readdirSync(path.join(dir, 'outbox')).filter((f) => f.endsWith('.eml')) : []);

    beforeAll(async () => {
      db = await freshPostgres(url);
      for (let n = 0; n < 2; n++) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-two-mail-'));
        dirs.push(dataDir);
        stores.push(await startStore([], { database: { engine: 'postgres', url: db.url, poolSize: 3 }, background: true, sendMailEveryMs: 50, dataDir }));
      }
    });
    afterAll(async () => {
      for (const store of stores) await store.close();
      await db?.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('sends each of 60 e-mails once, whichever process runs the job', async () => {
      const ids = Array.from({ length: 60 }, (_, i) => `order-mail-${i}`);
      // Sixty buyers' letters (distinct addresses: no address's hourly share is reached).
      for (const id of ids) await queueMail(db.knex, id, { to: `${id}@mail.test`, subject: `Order ${id}`, text: 'Thanks.', html: '<p>Thanks.</p>' });
      await msUntil(async () => Number((await db.knex('outbox').where({ status: 'sent' }).count({ n: '*' }).first())?.n) === 60, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rows = await db.knex('outbox').select('status', 'attempts');
      expect(rows).toEqual(ids.map(() => ({ status: 'sent', attempts: 1 })));
      const [first, second] = dirs.map(sentBy);
      expect(first!.length + second!.length).toBe(60);
      // Each run of the job in one process: both took part over the runs.
      console.log(`e-mail sent by each process: ${first!.length} and ${second!.length}`);
    }, 30_000);
  });
}
