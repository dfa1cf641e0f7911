import { buyerProblems, holdsLink, NAME_HOLDS_LINK } from '../../core/cart/domain/checkout-form';
import { heldBackUntil, MAIL_PER_ADDRESS } from '../../core/ordering/domain/mail-delivery';
import * as E from 'fp-ts/Either';
import { rateLimited } from '../../core/shared/errors';
import { tooManyFreeOrders } from '../../core/ordering/domain/free-orders';
import { aProduct, free } from '../support/products';
import { orderingOnMemory } from '../support/ordering';

describe('a name that holds a link', () => {
  it.each([
    'Your account is locked, verify at http://evil.example',
    'hxxp://evil.example',
    'verify at evil.example',
    'www.example',
    'Hana bit.ly/abc',
    'a@evil.com',
    'Dr.evil.com',
    'مثال.مصر',
  ])('%j is refused', (name) => {
    expect(holdsLink(name)).toBe(true);
    expect(buyerProblems({ name, email: 'hana@mail.test' }).name).toBe(NAME_HOLDS_LINK);
  });

  it.each(['Hana Ali', 'Dr.Ahmed Ali', 'Dr. Ahmed', 'M.A.Salah', 'J.R.R. Tolkien', 'Mrs. Hana', 'أحمد علي', "O'Brien-Smith", 'Hana (clinic 2)'])('%j is a name', (name) => {
    expect(holdsLink(name)).toBe(false);
    expect(buyerProblems({ name, email: 'hana@mail.test' })).toEqual({});
  });
});

describe("an address's share of the store's e-mails", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));

  it('lets a message go while fewer than 5 went within the hour', () => {
    expect(MAIL_PER_ADDRESS.perHour).toBe(5);
    expect(heldBackUntil([])).toBeUndefined();
    expect(heldBackUntil([at(1), at(2), at(3), at(4)])).toBeUndefined();
  });

  it('holds it until the oldest of the last five turns an hour old', () => {
    expect(heldBackUntil([at(1), at(2), at(3), at(4), at(5)])).toEqual(new Date(Date.UTC(2026, 10, 24, 11, 1)));
    expect(heldBackUntil([at(1), at(2), at(3), at(4), at(5), at(6)])).toEqual(new Date(Date.UTC(2026, 10, 24, 11, 2)));
  });
});

describe('free orders', () => {
  it("go to the account's own address, and 10 an hour per account", async () => {
    const s = orderingOnMemory();
    const gift = free(aProduct());
    await s.catalog.addMany([gift]);
    const hana = await s.customer('Hana');
    for (let i = 0; i < 10; i++) {
      const started = await s.checkout.start(hana, { productIds: [gift._id], provider: 'paypal', name: 'Hana', email: 'stranger@elsewhere.test', address: '10.0.0.1', language: 'en' })();
      expect(E.isRight(started) && started.right.order.buyerEmail).toBe(hana.email);
    }
    expect(await s.checkout.start(hana, { productIds: [gift._id], provider: 'paymob', name: 'Hana', email: hana.email, address: '10.0.0.2', language: 'en' })()).toEqual(
      E.left(rateLimited(tooManyFreeOrders(3600))),
    );
  });
});
