import * as E from 'fp-ts/Either';
import { CART_EMPTY, CHOOSE_METHOD, CheckoutRequest, PAYMENT_INIT_FAILED } from '../../core/ordering/use-cases/start-checkout';
import { invalid, notFound, unauthorized, unavailable } from '../../core/shared/errors';
import { NO_PRODUCTS_NAMED, ORDER_MAX_PRODUCTS, PRODUCT_NAMED_TWICE, TOO_MANY_PRODUCTS } from '../../core/ordering/domain/order';
import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';
import { aShopper, buyer, orderingOnMemory } from '../support/ordering';
import { anAdmin } from '../support/actors';
import { aProduct, free, freeInOneCurrency } from '../support/products';
import { notOrderable } from '../../core/catalog/domain/free';

const setUp = async () => {
  const s = orderingOnMemory();
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(120_000) });
  const veneers = aProduct({ title: 'Composite Veneers', category: 'courses', subcategory: [], price: usd(1000), egpprice: egp(45_050) });
  const gift = free(aProduct({ title: 'Free Anatomy Charts' }));
  const linkless = free(aProduct({ title: 'Charts on request', producturl: '' }));
  await s.catalog.addMany([atlas, veneers, gift, linkless]);
  return { ...s, atlas, veneers, gift, linkless, shopper: aShopper() };
};

const buyNow = (productId: string, provider = 'paypal'): CheckoutRequest => ({ productIds: [productId], provider, ...buyer, language: 'en' });

describe('starting a checkout', () => {
  it('needs a signed-in shopper', async () => {
    const { checkout, atlas } = await setUp();
    expect(await checkout.start(undefined, buyNow(atlas._id))()).toEqual(E.left(unauthorized('Please sign in first')));
  });

  it('orders exactly the products named, each once, and never the rest of the cart', async () => {
    const { checkout, carts, atlas, veneers, gift, shopper } = await setUp();
    await carts.add(shopper.id, gift._id);
    const named = right(await checkout.start(shopper, { productIds: [veneers._id, atlas._id], provider: 'paypal', ...buyer, language: 'en' })());
    expect(named.order.lines.map((l) => l.productId)).toEqual([veneers._id, atlas._id]);
    const start = (productIds: string[]) => checkout.start(shopper, { productIds, provider: 'paypal', ...buyer, language: 'en' })();
    expect(await start([atlas._id, atlas._id])).toEqual(E.left(invalid(PRODUCT_NAMED_TWICE)));
    expect(await start([])).toEqual(E.left(invalid(NO_PRODUCTS_NAMED)));
    expect(await start(Array.from({ length: ORDER_MAX_PRODUCTS + 1 }, (_, n) => `${n}`))).toEqual(E.left(invalid(TOO_MANY_PRODUCTS)));
    expect(await start([atlas._id, 'ffffffffffffffffffffffff'])).toEqual(E.left(notFound('Product not found')));
  });

  it('takes no name for PayPal, whose window asks the payer, but refuses a blank one', async () => {
    const { checkout, atlas, shopper } = await setUp();
    expect(right(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', email: buyer.email, language: 'en' })()).order.buyerName).toBe('');
    expect(await checkout.start(shopper, { productIds: [atlas._id], provider: 'paypal', email: buyer.email, name: ' ', language: 'en' })()).toEqual(E.left(invalid('Name is required')));
  });

  it('prices Buy now from the catalogue: PayPal in dollars from price, Paymob in pounds from egpprice', async () => {
    const { checkout, atlas, shopper, paymob } = await setUp();
    const withPaypal = right(await checkout.start(shopper, buyNow(atlas._id, 'paypal'))());
    expect(withPaypal.order).toMatchObject({ status: 'pending', method: 'paypal', currency: 'USD', total: usd(2599), userId: shopper.id, buyerEmail: buyer.email });
    expect(withPaypal.order.lines).toEqual([{ productId: atlas._id, title: 'Atlas of Periodontics', price: usd(2599) }]);
    expect(withPaypal).toEqual({ order: withPaypal.order, reference: expect.any(String), next: { kind: 'buttons' } });

    const withPaymob = right(await checkout.start(shopper, buyNow(atlas._id, 'paymob'))());
    expect(withPaymob.order).toMatchObject({ method: 'paymob', currency: 'EGP', total: egp(120_000), reference: withPaymob.reference });
    expect(withPaymob.frameUrl).toContain(withPaymob.reference);
    expect(withPaymob.next).toEqual({ kind: 'frame', url: withPaymob.frameUrl });
    // The provider was asked for the catalogue's amount: that is what it charges once the buyer pays.
    paymob.pay(withPaymob.reference ?? '');
    expect(await paymob.inquire(withPaymob.reference ?? '', withPaymob.order.id)).toMatchObject({ kind: 'paid', amount: egp(120_000) });
  });

  it('has no input for a price or an amount: whatever a client adds is not charged', async () => {
    const { checkout, atlas, shopper } = await setUp();
    const tampered = { ...buyNow(atlas._id), price: 0.01, amount: 0.01, total: 1, currency: 'EGP', items: [{ productId: atlas._id, price: 0 }] };
    const { order } = right(await checkout.start(shopper, tampered)());
    expect(order.total).toEqual(usd(2599));
    expect(order.lines.map((l) => l.price)).toEqual([usd(2599)]);
  });

  it('buys the whole cart, each product at its catalogue price, and refuses an empty cart', async () => {
    const { checkout, carts, atlas, veneers, shopper } = await setUp();
    expect(await checkout.start(shopper, { provider: 'paymob', ...buyer, language: 'en' })()).toEqual(E.left(invalid(CART_EMPTY)));
    await carts.add(shopper.id, atlas._id);
    await carts.add(shopper.id, veneers._id);
    const { order } = right(await checkout.start(shopper, { provider: 'paymob', ...buyer, language: 'en' })());
    expect(order.lines.map((l) => [l.title, l.price])).toEqual([['Atlas of Periodontics', egp(120_000)], ['Composite Veneers', egp(45_050)]]);
    expect(order.total).toEqual(egp(165_050));
  });

  it('answers 404 for a product that is unknown, malformed or deleted', async () => {
    const { checkout, catalog, carts, atlas, veneers, shopper } = await setUp();
    for (const id of ['ffffffffffffffffffffffff', 'not an id', '__proto__'])
      expect(await checkout.start(shopper, buyNow(id))()).toEqual(E.left(notFound('Product not found')));
    await carts.add(shopper.id, veneers._id);
    await catalog.remove(veneers._id, anAdmin());
    expect(await checkout.start(shopper, buyNow(veneers._id))()).toEqual(E.left(notFound('Product not found')));
    // A deleted product leaves the cart, so it cannot be bought that way either.
    expect(await checkout.start(shopper, { provider: 'paypal', ...buyer, language: 'en' })()).toEqual(E.left(invalid(CART_EMPTY)));
    expect(right(await checkout.start(shopper, buyNow(atlas._id))()).order.total).toEqual(usd(2599));
  });

  it("checks the form with the checkout form's own messages, and the provider's name", async () => {
    const { checkout, atlas, shopper, orders } = await setUp();
    const start = (overrides: Partial<CheckoutRequest>) => checkout.start(shopper, { ...buyNow(atlas._id), ...overrides })();
    expect(await start({ name: '  ' })).toEqual(E.left(invalid('Name is required')));
    expect(await start({ email: '' })).toEqual(E.left(invalid('Email is required')));
    expect(await start({ email: 'hana@' })).toEqual(E.left(invalid('Invalid email format')));
    expect(await start({ name: 'x'.repeat(101) })).toEqual(E.left(invalid('Name must be at most 100 characters')));
    for (const provider of ['', 'stripe', 'Dpaypal', '__proto__', 'toString'])
      expect(await start({ provider })).toEqual(E.left(invalid(CHOOSE_METHOD)));
    expect(await orders.ofUser(shopper.id)).toEqual([]);
  });

  it("takes one of the provider's own methods, its first when none is named, and refuses another before writing anything", async () => {
    const { checkout, atlas, shopper, orders, paymob } = await setUp();
    const asked = jest.spyOn(paymob, 'start');
    for (const method of ['wallet', 'paypal', '', '__proto__'])
      expect(await checkout.start(shopper, { ...buyNow(atlas._id, 'paymob'), method })()).toEqual(E.left(invalid(CHOOSE_METHOD)));
    expect(await orders.ofUser(shopper.id)).toEqual([]);
    expect(asked).not.toHaveBeenCalled();

    right(await checkout.start(shopper, buyNow(atlas._id, 'paymob'))());
    right(await checkout.start(shopper, { ...buyNow(atlas._id, 'paymob'), method: 'card', phone: ' 01000000001 ' })());
    expect(asked.mock.calls.map(([request]) => [request.method, request.buyer.phone])).toEqual([
      ['card', undefined],
      ['card', '01000000001'],
    ]);
  });

  it("checks the buyer's address with the store's one e-mail rule and keeps it in its normal form", async () => {
    const { checkout, atlas, shopper, orders } = await setUp();
    const start = (email: string) => checkout.start(shopper, { ...buyNow(atlas._id), email })();
    for (const email of ['a@b.com%00', 'a@b.com\uffff', 'a@b.com\ud800', 'hana@mail', `${'l'.repeat(65)}@mail.test`])
      expect([email, await start(email)]).toEqual([email, E.left(invalid('Invalid email format'))]);
    expect(await orders.ofUser(shopper.id)).toEqual([]);
    expect(right(await start('  \uff28ana@Mail.Test ')).order.buyerEmail).toBe('hana@mail.test');
  });

  it('pays a free order at once without asking a provider, delivered when every product has a link', async () => {
    const { checkout, gift, linkless, shopper, orders, paypal } = await setUp();
    paypal.failNext(100);
    const { order } = right(await checkout.start(shopper, buyNow(gift._id))());
    expect(order).toMatchObject({ status: 'paid', method: 'free', total: usd(0), delivered: true, paymentId: `free:${order.id}` });
    expect(orders.queued.map((q) => q.mail.to)).toEqual([buyer.email]);

    const { order: onRequest } = right(await checkout.start(shopper, buyNow(linkless._id))());
    expect(onRequest).toMatchObject({ status: 'paid', delivered: false });
    paypal.failNext(0);
  });

  it('refuses, writing no order and asking no provider, a product free in one currency only (stored before DECISIONS 22)', async () => {
    const { checkout, catalog, carts, atlas, shopper, orders, paypal, paymob } = await setUp();
    const egpFree = freeInOneCurrency(aProduct({ title: 'Atlas, no pound price', price: usd(2999) }), 'EGP');
    const usdFree = freeInOneCurrency(aProduct({ title: 'Atlas, no dollar price', egpprice: egp(150_000) }), 'USD');
    await catalog.addMany([egpFree, usdFree]);
    const providers = [jest.spyOn(paypal, 'start'), jest.spyOn(paymob, 'start')];
    for (const product of [egpFree, usdFree])
      for (const provider of ['paypal', 'paymob'])
        expect(await checkout.start(shopper, buyNow(product._id, provider))()).toEqual(E.left(invalid(notOrderable([product.title]))));
    // In a cart with a priced product both totals are above zero, yet the product would still be given away.
    await carts.add(shopper.id, atlas._id);
    await carts.add(shopper.id, egpFree._id);
    await carts.add(shopper.id, usdFree._id);
    for (const provider of ['paypal', 'paymob'])
      expect(await checkout.start(shopper, { provider, ...buyer, language: 'en' })()).toEqual(E.left(invalid(notOrderable([egpFree.title, usdFree.title]))));
    expect(await orders.ofUser(shopper.id)).toEqual([]);
    for (const start of providers) expect(start).not.toHaveBeenCalled();
  });

  it('fails the order, with nothing charged or mailed, when the provider cannot be reached', async () => {
    const { checkout, atlas, shopper, orders, paypal } = await setUp();
    paypal.failNext(1);
    expect(await checkout.start(shopper, buyNow(atlas._id))()).toEqual(E.left(unavailable(PAYMENT_INIT_FAILED)));
    const [order] = await orders.ofUser(shopper.id);
    expect(order).toMatchObject({ status: 'failed', total: usd(2599) });
    expect(order.reference).toBeUndefined();
    expect(orders.queued).toEqual([]);
  });
});
