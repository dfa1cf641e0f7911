import { TOKENS } from '../../adapters/di/tokens';
import { LIBRARY_LINK_LIFETIME_MS, LIBRARY_SESSION_LIFETIME_MS } from '../../core/ordering/domain/guest-library';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { FixedClock } from '../support/clock';
import { Browser, libraryTokenIn } from '../support/guest';
import { RunningStore, startStore, copiesMade } from '../support/http';
import { aProduct } from '../support/products';

const DAY = 24 * 60 * 60_000;

const aPdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
};

/**
 * The tables issue 19 added that visitors grow (guests' library links and sessions, the product
 * files' download log) have their retention, run by the store's own housekeeping.
 */
describe('the housekeeping run keeps the delivery tables bounded', () => {
  let api: RunningStore;
  const clock = new FixedClock(Date.now());
  const book = aProduct({ title: 'Free Atlas', price: usd(0), egpprice: egp(0), producturl: '', downloadpass: '' });

  beforeAll(async () => (api = await startStore([book], { clock })));
  afterAll(() => api.close());

  const knex = () => api.store.get(TOKENS.Database).knex;
  const count = async (table: string, where = 'true') => Number((await knex().raw(`select count(*) as n from ${table} where ${where}`)).rows[0].n);
  const tables = async () => ({
    libraryLinks: await count('library_links'),
    librarySessions: await count('library_sessions'),
    partialDownloads: await count('file_downloads', 'not completed'),
    countedDownloads: await count('file_downloads', 'completed and counted'),
  });
  const housekeeping = async () => {
    const run = await api.store.get(TOKENS.Housekeeping).run()();
    if (run._tag === 'Left') throw new Error(run.left.message);
  };

  it("removes guests' links and sessions after their expiry, a year-old partial response, and keeps the downloads the cap counts", async () => {
    const admin = await signedInAdmin(api);
    const added = await fetch(`${api.url}/api/admin/products/${book._id}/files?name=atlas.pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      body: aPdf(10_000),
    }).then((r) => r.json());

    // A guest buys and opens the library link: a link and a session.
    const guest = new Browser(api);
    expect((await guest.post('/api/guest/checkout/start', { name: 'Hana Adel', email: 'hana.guest@mail.test', productId: book._id, provider: 'paypal', method: 'paypal' })).status).toBe(200);
    const [mail] = await knex()('outbox').where('recipient', 'hana.guest@mail.test').orderBy('created_at', 'desc').select('text_body');
    expect((await new Browser(api).post('/api/guest/library/open', { token: libraryTokenIn(mail.text_body) })).status).toBe(200);

    // A buyer downloads a part, then the whole: one partial response, one completed download.
    const hana = await signedInShopper(api, 'Hana');
    const orderId = (await hana.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana@mail.test', productId: book._id })).body.order.orderId as string;
    await copiesMade(api, orderId);
    const linkPath = `/api/orders/${orderId}/files/${book._id}/${added.file._id}/link`;
    for (const range of ['bytes=0-99', undefined]) {
      const { url } = (await hana.post(linkPath)).body as { url: string };
      const answer = await fetch(api.url + url, { headers: { cookie: hana.cookie, ...(range ? { range } : {}) } });
      await answer.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const dayZero = await tables();
    expect(dayZero).toEqual({ libraryLinks: 1, librarySessions: 1, partialDownloads: 1, countedDownloads: 1 });
    await housekeeping();
    expect(await tables()).toEqual(dayZero);

    // Past the link's expiry (and its hour), then past the session's.
    clock.advance(LIBRARY_LINK_LIFETIME_MS + 2 * 60 * 60_000);
    await housekeeping();
    expect(await tables()).toEqual({ ...dayZero, libraryLinks: 0 });
    clock.advance(LIBRARY_SESSION_LIFETIME_MS);
    await housekeeping();
    expect(await tables()).toEqual({ ...dayZero, libraryLinks: 0, librarySessions: 0 });

    // A year on: the partial response goes; the completed download still counts toward the cap.
    clock.advance(366 * DAY);
    await housekeeping();
    expect(await tables()).toEqual({ libraryLinks: 0, librarySessions: 0, partialDownloads: 0, countedDownloads: 1 });
    await hana.post('/api/user/login', { username: 'Hana', password: 'Secret12' });
    const [order] = (await hana.get('/api/user/profiledata')).body.userData.orders;
    expect(order.products[0].files).toMatchObject({ used: 1, limit: 5 });
  });
});
