import { GuestLibrary } from '../../core/ordering/ports/guest-library';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { NewOrder, OrderReader, OrderWriter, UnitOfWork } from '../../core/ordering/ports/orders';
import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { usd } from '../../core/shared/money';
import { aProduct, nextId } from '../support/products';

export interface GuestLibraryUnderTest {
  orders: OrderReader & OrderWriter;
  work: UnitOfWork;
  library: GuestLibrary;
  catalog: CatalogWriter;
  addUser(user: { id: string; username: string; email: string }): Promise<void>;
  /** The outbox's messages to `address`. */
  mailTo(address: string): Promise<readonly OutgoingMail[]>;
  close(): Promise<void>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));
const letter = (to: string): OutgoingMail => ({ to, subject: 'Dental Library: your library', text: 'Open it', html: '<p>Open it</p>' });

/**
 * What every adapter of guests' orders and libraries must do (DECISIONS 25), on the in-memory twin,
 * PGlite and a PostgreSQL server: orders without an account, links spent once, sessions, offers
 * only to an address with guest orders, and attaching.
 */
export const guestLibraryContract = (name: string, open: () => Promise<GuestLibraryUnderTest>) =>
  describe(`Guest library contract: ${name}`, () => {
    let s: GuestLibraryUnderTest;
    const book = aProduct({ title: 'Atlas of Periodontics', price: usd(2599) });
    const account = { id: nextId(), username: 'Hana', email: 'hana@mail.test' };
    const guestOrder = (email: string, minute: number, userId?: string): NewOrder => ({
      id: nextId(),
      ...(userId ? { userId } : {}),
      buyerName: 'Hana',
      buyerEmail: email,
      method: 'paypal',
      paymentMethod: 'paypal',
      currency: 'USD',
      total: usd(2599),
      lines: [{ productId: book._id, title: book.title, price: usd(2599) }],
      createdAt: at(minute).toISOString(),
    });

    beforeAll(async () => {
      s = await open();
      await s.addUser(account);
      await s.catalog.addMany([book]);
    });
    afterAll(() => s.close());

    it('keeps an order without an account, and lists a guest address its unattached orders, newest first', async () => {
      const first = await s.orders.add(guestOrder('list@mail.test', 1));
      const second = await s.orders.add(guestOrder('list@mail.test', 2));
      await s.orders.add(guestOrder('list@mail.test', 3, account.id));
      await s.orders.add(guestOrder('other@mail.test', 4));
      expect((await s.orders.findById(first.id))?.userId).toBeUndefined();
      expect((await s.orders.ofGuest('list@mail.test')).map((o) => o.id)).toEqual([second.id, first.id]);
    });

    it('attaches the guest orders of an address to an account, oldest first, once', async () => {
      const first = await s.orders.add(guestOrder('attach@mail.test', 5));
      const second = await s.orders.add(guestOrder('attach@mail.test', 6));
      expect(await s.work.run((tx) => tx.orders.attachGuestOrders('attach@mail.test', account.id))).toEqual([first.id, second.id]);
      expect(await s.orders.ofGuest('attach@mail.test')).toEqual([]);
      expect((await s.orders.ofUser(account.id)).map((o) => o.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(await s.work.run((tx) => tx.orders.attachGuestOrders('attach@mail.test', account.id))).toEqual([]);
    });

    it('opens a link kept in a unit of work once, into a session for its address', async () => {
      await s.work.run((tx) => tx.keepLibraryLink({ tokenHash: 'link-1', email: 'open@mail.test', issuedAt: at(0), expiresAt: at(30) }));
      expect(await s.library.open('link-1', { tokenHash: 'session-1', expiresAt: at(60) }, at(10))).toBe('open@mail.test');
      expect(await s.library.open('link-1', { tokenHash: 'session-2', expiresAt: at(60) }, at(11))).toBeUndefined();
      expect(await s.library.sessionOf('session-1', at(20))).toBe('open@mail.test');
      expect(await s.library.sessionOf('session-2', at(20))).toBeUndefined();
      expect(await s.library.sessionOf('session-1', at(61))).toBeUndefined();
      await s.library.end('session-1');
      expect(await s.library.sessionOf('session-1', at(20))).toBeUndefined();
    });

    it('opens no expired or unknown link, and of two racing opens only one', async () => {
      await s.work.run((tx) => tx.keepLibraryLink({ tokenHash: 'link-old', email: 'old@mail.test', issuedAt: at(0), expiresAt: at(5) }));
      expect(await s.library.open('link-old', { tokenHash: 'session-old', expiresAt: at(60) }, at(5))).toBeUndefined();
      expect(await s.library.open('no-such-link', { tokenHash: 'session-none', expiresAt: at(60) }, at(1))).toBeUndefined();
      await s.work.run((tx) => tx.keepLibraryLink({ tokenHash: 'link-race', email: 'race@mail.test', issuedAt: at(0), expiresAt: at(30) }));
      const opened = await Promise.all([1, 2, 3].map((n) => s.library.open('link-race', { tokenHash: `session-race-${n}`, expiresAt: at(60) }, at(1))));
      expect(opened.filter(Boolean)).toEqual(['race@mail.test']);
    });

    it('a link kept in a unit that fails is not kept', async () => {
      await expect(
        s.work.run(async (tx) => {
          await tx.keepLibraryLink({ tokenHash: 'link-undone', email: 'undone@mail.test', issuedAt: at(0), expiresAt: at(30) });
          throw new Error('the unit fails');
        }),
      ).rejects.toThrow('the unit fails');
      expect(await s.library.open('link-undone', { tokenHash: 'session-undone', expiresAt: at(60) }, at(1))).toBeUndefined();
    });

    it('offers a new link, with its letter, only to an address with guest orders', async () => {
      await s.orders.add(guestOrder('offer@mail.test', 7));
      await s.library.offer({ tokenHash: 'link-offer', email: 'offer@mail.test', issuedAt: at(0), expiresAt: at(30) }, letter('offer@mail.test'));
      await s.library.offer({ tokenHash: 'link-stranger', email: 'stranger@mail.test', issuedAt: at(0), expiresAt: at(30) }, letter('stranger@mail.test'));
      expect((await s.mailTo('offer@mail.test')).map((m) => m.subject)).toEqual(['Dental Library: your library']);
      expect(await s.mailTo('stranger@mail.test')).toEqual([]);
      expect(await s.library.open('link-offer', { tokenHash: 'session-offer', expiresAt: at(60) }, at(1))).toBe('offer@mail.test');
      expect(await s.library.open('link-stranger', { tokenHash: 'session-stranger', expiresAt: at(60) }, at(1))).toBeUndefined();
    });
  });
