import { TOKENS } from '../../adapters/di/tokens';
import { samplePdf } from '../../adapters/persistence/seed/sample-files';
import { COPY_BEING_PREPARED } from '../../core/delivery/domain/stamped-copy';
import { MAIL } from '../../core/ordering/domain/confirmation';
import { orderNumber } from '../../core/ordering/domain/order';
import { egp, usd } from '../../core/shared/money';
import { signedInAdmin, signedInShopper } from '../support/admin';
import { RunningStore, copiesMade, startStore } from '../support/http';
import { readPdf } from '../support/pdf-reading';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Issue 19 part 4 through the real app on PGlite: a paid PDF is queued for stamping in the unit
 * that pays it; until the job has run the buyer is told their copy is being made; then the buyer's
 * download is their own copy, their e-mail and order number on every page, and one e-mail says so,
 * however often the job runs.
 */
describe('stamped copies', () => {
  let api: RunningStore;
  const book = aProduct({ title: 'Free Atlas', price: usd(0), egpprice: egp(0), producturl: '', downloadpass: '' });
  let fileId = '';
  const knex = () => api.store.get(TOKENS.Database).knex;

  beforeAll(async () => {
    api = await startStore([book]);
    const admin = await signedInAdmin(api);
    const added = await fetch(`${api.url}/api/admin/products/${book._id}/files?name=Atlas.pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      body: Buffer.from(await samplePdf({ title: 'Free Atlas', author: 'Nabil' })),
    });
    fileId = ((await added.json()) as { file: { _id: string } }).file._id;
  });
  afterAll(() => api.close());

  it('queues the stamping with the payment, says the copy is being made, then serves the buyer their own stamped copy, with one e-mail', async () => {
    const hana = await signedInShopper(api, 'Hana');
    const paid = await hana.post('/api/checkout/pay', { name: 'Hana Adel', email: 'hana.adel@mail.test', productId: book._id });
    const orderId = paid.body.order.orderId as string;
    const jobs = await knex().raw("select data from pgboss.job where name = 'stamp-copies'");
    expect(jobs.rows.map((r: { data: { orderId: string } }) => r.data.orderId)).toContain(orderId);
    // A free order's letters go to the account's own address: the stamp says that one.
    const [confirmation] = await knex()('outbox').where('id', MAIL.confirmation(orderId)).select('text_body', 'recipient');
    const buyer = confirmation.recipient as string;
    expect(confirmation.text_body).toContain('Your own copies, with your e-mail address in them, are being made');

    // Before the job: the Orders section says so, and a link is refused with the same words.
    const products = async () => (await hana.get('/api/user/profiledata')).body.userData.orders[0].products;
    expect((await products())[0].files.files[0]).toMatchObject({ _id: fileId, preparing: true });
    const linkPath = `/api/orders/${orderId}/files/${book._id}/${fileId}/link`;
    expect(await hana.post(linkPath)).toMatchObject({ status: 409, body: { success: false, ...withCode(COPY_BEING_PREPARED) } });

    // The job, run twice at once (a retry racing the first run): one copy, one e-mail.
    await Promise.all([copiesMade(api, orderId), copiesMade(api, orderId)]);
    expect((await products())[0].files.files[0].preparing).toBeUndefined();
    expect(await knex()('stamped_copies').where('order_id', orderId).count({ n: '*' })).toEqual([{ n: 1 }]);
    await copiesMade(api, orderId);
    expect(await knex()('outbox').where({ id: MAIL.copiesReady(orderId), recipient: buyer }).count({ n: '*' })).toEqual([{ n: 1 }]);

    const link = (await hana.post(linkPath)).body.url as string;
    const download = await fetch(api.url + link, { headers: { cookie: hana.cookie } });
    expect(download.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await download.arrayBuffer()));
    const stamp = `Licensed to ${buyer} - order ${orderNumber(orderId)}`;
    for (const page of pdf.pages) expect(page.text).toContain(stamp);
    expect(pdf.outline.length).toBeGreaterThan(0);
  });

  it('runs the stamping on the store\'s own queue when background work is on', async () => {
    const store = await startStore([book], { background: true, sendMailEveryMs: 60_000 });
    try {
      const admin = await signedInAdmin(store);
      const added = await fetch(`${store.url}/api/admin/products/${book._id}/files?name=Atlas.pdf`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
        body: Buffer.from(await samplePdf({ title: 'Free Atlas', author: 'Nabil' })),
      });
      expect(added.status).toBe(200);
      const mona = await signedInShopper(store, 'Mona');
      const orderId = (await mona.post('/api/checkout/pay', { name: 'Mona', email: 'mona@mail.test', productId: book._id })).body.order.orderId as string;
      const copies = () => store.store.get(TOKENS.Database).knex('stamped_copies').where('order_id', orderId).whereNotNull('key');
      const until = Date.now() + 20_000;
      while ((await copies()).length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await copies()).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
