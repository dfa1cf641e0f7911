import { TOKENS } from '../../adapters/di/tokens';
import { UNKNOWN_LANGUAGE } from '../../core/identity/domain/language-setting';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { Browser, libraryTokenIn } from '../support/guest';
import { RunningStore, startStore } from '../support/http';
import { aProduct, free } from '../support/products';
import { egp, usd } from '../../core/shared/money';

/**
 * Issue 20, part 6, through the real app on PGlite: an order keeps the language it was placed in
 * (the `lang` cookie at checkout, a guest's and an account's alike), and its letters speak it;
 * an account keeps its owner's chosen language, which its password reset letter speaks.
 */
describe("letters in the buyer's language", () => {
  const gift = free(aProduct({ _id: 'b00000000000000000000001', title: 'Free Anatomy Atlas' }));
  const atlas = aProduct({ _id: 'b00000000000000000000002', title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([gift, atlas])));
  afterAll(() => api.close());

  const knex = () => api.store.get(TOKENS.Database).knex;
  type Sent = { subject: string; text_body: string; html_body: string };
  const mailTo = async (address: string): Promise<Sent[]> =>
    knex()('outbox').where('recipient', address).orderBy('created_at').select('subject', 'text_body', 'html_body');
  const languageOfOrder = async (orderId: string) => (await knex()('orders').where('id', orderId).first('language'))?.language;

  /** A browser signed up as `username`, speaking `lang` (no cookie when undefined). */
  const shopper = async (username: string, lang?: string) => {
    const browser = new Browser(api);
    expect((await browser.post('/api/user/signup', { username, email: `${username.toLowerCase()}@mail.test`, password: 'Secret12' })).status).toBe(201);
    if (lang !== undefined) browser.cookies.set('lang', lang);
    return browser;
  };

  it('a signed-in buyer shopping in Arabic: the order is Arabic, its confirmation right to left with links into the Arabic pages', async () => {
    const hana = await shopper('HanaAr', 'ar');
    const bought = await hana.post('/api/checkout/start', { name: 'هناء عادل', email: 'hanaar@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    expect(bought).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
    expect(await languageOfOrder(bought.body.order.orderId as string)).toBe('ar');
    const [letter] = await mailTo('hanaar@mail.test');
    expect(letter!.subject).toMatch(/^تم تأكيد طلبك رقم/);
    expect(letter!.html_body).toContain('<html lang="ar" dir="rtl">');
    expect(letter!.html_body).toContain('<bdi>Free Anatomy Atlas</bdi>');
    expect(letter!.text_body).toContain(`${api.url}/ar/user/profile`);
    expect(letter!.text_body).toContain('مجانًا');
    for (const line of letter!.text_body.split('\n').filter(Boolean)) expect(line.startsWith('\u200f')).toBe(true);
  });

  it("a guest shopping in Portuguese: a Portuguese confirmation whose library link opens the Portuguese page", async () => {
    const guest = new Browser(api);
    guest.cookies.set('lang', 'pt');
    const bought = await guest.post('/api/guest/checkout/start', { name: 'Joana', email: 'joana@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    expect(bought).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
    expect(await languageOfOrder(bought.body.order.orderId as string)).toBe('pt');
    const [letter] = await mailTo('joana@mail.test');
    expect(letter!.subject).toMatch(/^Dental Library: pedido \w+ confirmado$/);
    expect(letter!.html_body).toContain('<html lang="pt" dir="ltr">');
    expect(letter!.text_body).toContain('Obrigado por comprar na Dental Library');
    expect(letter!.text_body).toContain(`${api.url}/pt/library/open/`);
    expect(libraryTokenIn(letter!.text_body)).toBeDefined();

    // A new link asked for on the Spanish page comes in Spanish.
    guest.cookies.set('lang', 'es');
    expect((await guest.post('/api/guest/library/link', { email: 'joana@mail.test' })).status).toBe(200);
    const asked = (await mailTo('joana@mail.test'))[1]!;
    expect(asked.subject).toBe('Dental Library: tu biblioteca');
    expect(asked.text_body).toContain(`${api.url}/es/library/open/`);
  });

  it('a priced order to be paid by transfer, placed in Spanish: its payment instructions in Spanish, the amount as Spanish writes it', async () => {
    const luis = await shopper('Luis', 'es');
    const started = await luis.post('/api/checkout/start', { name: 'Luis', email: 'luis@mail.test', productId: atlas._id, provider: 'transfer', method: 'transfer' });
    expect(started.status).toBe(200);
    expect(await languageOfOrder(started.body.order.orderId as string)).toBe('es');
    const [letter] = await mailTo('luis@mail.test');
    expect(letter!.subject).toMatch(/^Dental Library: cómo pagar el pedido \w+$/);
    expect(letter!.text_body).toContain('Importe: 1200\u00a0EGP');
    expect(letter!.text_body).toContain(`${api.url}/es/user/profile`);
  });

  it('an unknown language in the cookie is English, never an error: the letter as the store always wrote it', async () => {
    const omar = await shopper('OmarXx', 'xx-Klingon');
    const bought = await omar.post('/api/checkout/start', { name: 'Omar', email: 'omarxx@mail.test', productId: gift._id, provider: 'paypal', method: 'paypal' });
    expect(bought.status).toBe(200);
    expect(await languageOfOrder(bought.body.order.orderId as string)).toBe('en');
    const [letter] = await mailTo('omarxx@mail.test');
    expect(letter!.subject).toMatch(/^Dental Library: order \w+ confirmed$/);
    expect(letter!.html_body.startsWith('<p>Hello Omar,</p>')).toBe(true);
    expect(letter!.text_body).toContain(`${api.url}/user/profile`);
  });

  it("keeps a signed-in account's language, returns it with the profile, refuses an unknown one; signed out, 401", async () => {
    const layla = await shopper('Layla');
    expect((await layla.get('/api/user/profiledata')).body.userData.language).toBeUndefined();
    expect(await layla.post('/api/user/language', { language: 'ar' })).toMatchObject({ status: 200, body: { success: true, language: 'ar' } });
    expect(await layla.get('/api/user/profiledata')).toMatchObject({ status: 200, body: { userData: { username: 'Layla', language: 'ar' } } });
    for (const body of [{ language: 'fr' }, { language: 'AR' }, { language: 7 }, {}])
      expect(await layla.post('/api/user/language', body)).toMatchObject({ status: 400, body: { success: false, message: UNKNOWN_LANGUAGE } });
    expect((await layla.post('/api/user/language', { language: 'pt', extra: 1 })).status).toBe(400);
    expect((await layla.get('/api/user/profiledata')).body.userData.language).toBe('ar');
    expect(await new Browser(api).post('/api/user/language', { language: 'ar' })).toMatchObject({ status: 401, body: { message: NOT_SIGNED_IN } });
  });

  it("a password reset speaks the account's chosen language, else the language of the page it was asked on", async () => {
    const chose = await shopper('Mona');
    expect((await chose.post('/api/user/language', { language: 'ar' })).status).toBe(200);
    const visitor = new Browser(api);
    visitor.cookies.set('lang', 'pt');
    expect((await visitor.post('/api/user/forgot-password', { resetEmail: 'mona@mail.test' })).status).toBe(200);
    const [arabic] = await mailTo('mona@mail.test');
    expect(arabic!.subject).toMatch(/^إعادة تعيين كلمة المرور/);
    expect(arabic!.text_body).toContain(`${api.url}/ar/reset-password/`);

    await shopper('Nadia');
    expect((await visitor.post('/api/user/forgot-password', { resetEmail: 'nadia@mail.test' })).status).toBe(200);
    const [portuguese] = await mailTo('nadia@mail.test');
    expect(portuguese!.subject).toBe('Dental Library: redefina sua senha');
    expect(portuguese!.text_body).toContain(`${api.url}/pt/reset-password/`);
  });
});
