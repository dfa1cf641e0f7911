import { AddressProof, LIBRARY_LINK_SPENT, mayAttach } from '../../core/ordering/domain/guest-library';
import { NO_PRODUCTS_NAMED } from '../../core/ordering/domain/order';
import { OrderHolder, mayReach } from '../../core/ordering/domain/order-access';
import { LIBRARY_LINK_LIFETIME_MS } from '../../core/ordering/domain/guest-library';
import { aProduct, free } from '../support/products';
import { aShopper, orderingOnMemory } from '../support/ordering';
import { left, right } from '../support/either';

const guestOrder = { id: 'a1', userId: undefined, buyerEmail: 'hana@mail.test' };
const accountOrder = { id: 'a2', userId: 'u1', buyerEmail: 'hana@mail.test' };

describe('who may reach an order (the one rule)', () => {
  it.each<[string, OrderHolder | undefined, typeof guestOrder | typeof accountOrder, boolean]>([
    ['its account', { kind: 'account', userId: 'u1' }, accountOrder, true],
    ['another account', { kind: 'account', userId: 'u2' }, accountOrder, false],
    ["an account, a guest's order", { kind: 'account', userId: 'u1' }, guestOrder, false],
    ['the library of its address', { kind: 'library', email: 'hana@mail.test' }, guestOrder, true],
    ['the library of another address', { kind: 'library', email: 'omar@mail.test' }, guestOrder, false],
    ['the library of its address, once attached to an account', { kind: 'library', email: 'hana@mail.test' }, accountOrder, false],
    ['the pass of its checkout', { kind: 'checkout', orderId: 'a1' }, guestOrder, true],
    ['the pass of another checkout', { kind: 'checkout', orderId: 'a9' }, guestOrder, false],
    ["a checkout pass, an account's order", { kind: 'checkout', orderId: 'a2' }, accountOrder, false],
    ['no one', undefined, guestOrder, false],
  ])('%s: %s', (_, holder, order, reaches) => expect(mayReach(holder, order)).toBe(reaches));
});

describe('attaching a guest address to an account', () => {
  const account = { email: 'Hana@Mail.test' };
  it.each<[string, AddressProof | undefined, boolean]>([
    ['a library of its own address', { kind: 'library', email: 'hana@mail.test' }, true],
    ["Google's verified address, its own", { kind: 'verified-by-provider', email: 'HANA@mail.test' }, true],
    ['a library of another address', { kind: 'library', email: 'omar@mail.test' }, false],
    ['no proof (an address typed at sign-up)', undefined, false],
  ])('%s: %s', (_, proof, attaches) => expect(mayAttach(account, proof)).toBe(attaches));
});

describe('guest checkout on the in-memory adapters', () => {
  const gift = free(aProduct({ title: 'Free Atlas' }));
  const atlas = aProduct({ title: 'Atlas' });
  const setUp = async () => {
    const s = orderingOnMemory();
    await s.catalog.addMany([gift, atlas]);
    return s;
  };
  const asGuest = { name: 'Hana', email: 'Hana@Mail.test', provider: 'paypal', address: '10.0.0.1', language: 'en' as const };
  const tokenIn = (text: string) => /\/library\/open\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it("makes an order with no account and the address typed; its confirmation carries a library link kept once", async () => {
    const s = await setUp();
    const { order } = right(await s.checkout.startAsGuest({ ...asGuest, productIds: [gift._id] })());
    expect(order).toMatchObject({ status: 'paid', buyerEmail: 'hana@mail.test' });
    expect(order.userId).toBeUndefined();
    const [mail] = s.orders.queued;
    expect(mail?.mail.to).toBe('hana@mail.test');
    const token = tokenIn(mail!.mail.text);
    expect([...s.orders.libraryLinks.values()]).toEqual([
      expect.objectContaining({ email: 'hana@mail.test', expiresAt: new Date(s.clock.now().getTime() + LIBRARY_LINK_LIFETIME_MS) }),
    ]);
    const opened = right(await s.guestLibrary.open(token, undefined)());
    expect(opened.email).toBe('hana@mail.test');
    expect(left(await s.guestLibrary.open(token, undefined)())).toMatchObject({ kind: 'gone', message: LIBRARY_LINK_SPENT });
  });

  it('has no cart: a guest names the products', async () => {
    const s = await setUp();
    expect(left(await s.checkout.startAsGuest(asGuest)())).toMatchObject({ kind: 'invalid', message: NO_PRODUCTS_NAMED });
  });

  it("an account's confirmation has no library link", async () => {
    const s = await setUp();
    right(await s.checkout.start(await s.customer(), { ...asGuest, productIds: [gift._id] })());
    expect(s.orders.queued[0]?.mail.text).not.toMatch(/library\/open/);
    expect(s.orders.libraryLinks.size).toBe(0);
  });

  it("opening the link signed in to the same address attaches, audited; to another address, nothing", async () => {
    const s = await setUp();
    right(await s.checkout.startAsGuest({ ...asGuest, productIds: [gift._id] })());
    const token = tokenIn(s.orders.queued[0]!.mail.text);
    const other = aShopper('Omar');
    expect(right(await s.guestLibrary.open(token, other)()).attached).toEqual([]);
    const hana = aShopper('Hana');
    expect(await s.guestLibrary.attach(hana, { kind: 'library', email: 'hana@mail.test' })).toHaveLength(1);
    expect((await s.orders.ofUser(hana.id)).map((o) => o.buyerEmail)).toEqual(['hana@mail.test']);
    expect((await s.audit.recent({ page: 1, limit: 5 }))[0]).toMatchObject({ action: 'guest-orders-attached', actorId: hana.id });
  });
});
