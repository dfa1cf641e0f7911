import { TOKENS } from '../../adapters/di/tokens';
import { OutboxSender } from '../../adapters/mail/outbox-sender';
import { NAME_HOLDS_LINK } from '../../core/cart/domain/checkout-form';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { signedInShopper } from '../support/admin';
import { RunningStore, startStore } from '../support/http';
import { aProduct, free } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Before: a free order e-mailed its confirmation to any address typed at checkout, greeting the
 * typed name, which could be a link: 20 e-mails reading 'Your account is locked, verify at
 * http://evil.example' went to one stranger in 322 ms. Now a free order's e-mail goes to the
 * account's own address, a name holding a link is refused, free orders are limited, and no address
 * gets more than 5 of the store's e-mails an hour.
 */
describe('the store relays no one', () => {
  const gift = free(aProduct({ _id: 'f00000000000000000000001', title: 'Free Atlas' }));
  const priced = aProduct({ _id: 'f00000000000000000000002', title: 'Paid Atlas' });
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore([gift, priced]);
  });
  afterAll(() => store.close());

  const knex = () => store.store.get(TOKENS.Database).knex;
  let shoppers = 0;
  /** A new shopper each time, so that each test reads its own orders and mail. */
  const aShopper = async () => {
    const name = `Hana${++shoppers}`;
    const shopper = await signedInShopper(store, name);
    const { id } = await knex()('users').where('username', name).first('id');
    const orders = () => knex()('orders').where('user_id', id);
    return { shopper, address: `${name.toLowerCase()}@mail.test`, orders, mail: () => knex()('outbox').where('recipient', `${name.toLowerCase()}@mail.test`) };
  };
  const SPAM = 'Your account is locked, verify at http://evil.example';

  it("sends a free order's confirmation to the account's own address, never to the one typed", async () => {
    const hana = await aShopper();
    const ordered = await hana.shopper.post('/api/checkout/pay', { name: 'Hana', email: 'stranger@elsewhere.test', productId: gift._id });
    expect(ordered).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
    expect(await knex()('outbox').where('recipient', 'stranger@elsewhere.test').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await hana.mail().count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await hana.orders().pluck('buyer_email')).toEqual([hana.address]);
  });

  it('keeps the typed address of a priced order, as the spec says: it is where its confirmation goes', async () => {
    const hana = await aShopper();
    const ordered = await hana.shopper.post('/api/paypal/create-order', { name: 'Hana', email: 'hana.work@clinic.test', productId: priced._id });
    expect(ordered.status).toBe(200);
    expect(await hana.orders().pluck('buyer_email')).toEqual(['hana.work@clinic.test']);
  });

  it.each([SPAM, 'verify at evil.example', 'www.evil.example', 'Hana bit.ly/abc'])('refuses a name holding a link (%j), writing nothing', async (name) => {
    const hana = await aShopper();
    for (const call of ['/api/checkout/pay', '/api/paypal/create-order'])
      expect(await hana.shopper.post(call, { name, email: hana.address, productId: gift._id })).toMatchObject({ status: 400, body: { success: false, ...withCode(NAME_HOLDS_LINK) } });
    expect(await hana.orders().count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await hana.mail().count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it.each(['Dr.Ahmed Ali', 'M.A. Salah', 'أحمد علي'])('takes a name with a title, initials or in Arabic (%j)', async (name) => {
    const hana = await aShopper();
    expect((await hana.shopper.post('/api/checkout/pay', { name, email: hana.address, productId: gift._id })).status).toBe(200);
  });

  it('limits free orders per account (10 an hour), and sends the account at most 5 e-mails an hour', async () => {
    const mallory = await aShopper();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await mallory.shopper.post('/api/checkout/pay', { name: 'Mallory', email: 'victim@elsewhere.test', productId: gift._id }));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers[10]).toMatchObject({ status: 429, body: { message: 'Too many free orders. Please try again in 60 minutes.' } });
    expect(await mallory.orders().count({ n: '*' })).toEqual([{ n: 10 }]);
    // Everyone else's mail went out already: what is left is Mallory's.
    await knex()('outbox').whereNot('recipient', mallory.address).update({ status: 'sent', sent_at: new Date(0) });

    const delivered: OutgoingMail[] = [];
    const held: string[] = [];
    const sender = new OutboxSender(store.store.get(TOKENS.Outbox), { send: async (mail) => void delivered.push(mail) }, store.store.get(TOKENS.Clock), {
      log: () => {},
      warn: (line) => held.push(line),
    });
    expect(await sender.step()).toEqual({ sent: 5, failed: 0, held: 5 });
    expect(new Set(delivered.map((mail) => mail.to))).toEqual(new Set([mallory.address]));
    expect(held).toHaveLength(5);
    expect(held[0]).toMatch(/^E-mail .* to h\*\*\*@mail\.test held back until .*: 5 e-mails went to that address within the hour$/);
  });
});
