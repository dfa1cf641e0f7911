import { CatalogWriter } from '../../core/catalog/ports/catalog';
import { ProductEditor } from '../../core/catalog/ports/product-editor';
import { Carts } from '../../core/cart/ports';
import { RETAINED_RECORDS, RetainedRecord } from '../../core/housekeeping/domain/retention';
import { Retention } from '../../core/housekeeping/ports';
import { PendingSignIns, Sessions, SignInThrottle, Users } from '../../core/identity/ports';
import { PasswordResets } from '../../core/identity/ports/password-resets';
import { Visits } from '../../core/location/ports';
import { OutgoingMail, Outbox } from '../../core/ordering/ports/mailer';
import { NewOrder, OrderReader, OrderWriter } from '../../core/ordering/ports/orders';
import { Change, failed as failedNow, paid } from '../../core/ordering/domain/order-life';
import { entryOf } from '../../core/audit/domain/audit';
import { DownloadLog } from '../../core/delivery/ports/download-log';
import { GuestLibrary, LibraryLink } from '../../core/ordering/ports/guest-library';
import { Order } from '../../core/ordering/domain/order';
import { usd } from '../../core/shared/money';
import { FixedClock } from '../support/clock';
import { aProduct, nextId } from '../support/products';

/** What is counted: each kind of record the housekeeping removes, and what it must never remove. */
export type Counted = RetainedRecord | 'unsent-mail' | 'paid-orders' | 'cart-entries' | 'counted-file-downloads';

export interface RetentionUnderTest {
  retention: Retention;
  /** The clock of the adapters that read one (sessions, the sign-in throttle). */
  clock: FixedClock;
  visits: Visits;
  users: Users;
  sessions: Sessions;
  throttle: SignInThrottle;
  pendingSignIns: PendingSignIns;
  passwordResets: PasswordResets;
  orders: OrderReader & OrderWriter;
  outbox: Outbox;
  queueMail(id: string, mail: OutgoingMail, dueAt: Date): Promise<unknown>;
  catalog: CatalogWriter;
  editor: ProductEditor;
  carts: Carts;
  downloadLog: DownloadLog;
  guestLibrary: GuestLibrary;
  /** Keeps a guest's library link, as a paid order's unit of work does. */
  keepLibraryLink(link: LibraryLink): Promise<void>;
  /** How many records of that kind the tables hold, whatever their age. */
  count(what: Counted): Promise<number>;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Mail queued this early is claimed by itself (every other message is due later). */
const EARLY = new Date('2000-01-01T00:00:00Z');

const aMail = (to: string): OutgoingMail => ({ to, subject: 'Dental Library', text: 'Hello', html: '<p>Hello</p>' });

/** The housekeeping's deletes: the same records go on every adapter, and nothing else. */
export const retentionContract = (name: string, open: () => Promise<RetentionUnderTest>) =>
  describe(`Retention contract: ${name}`, () => {
    let s: RetentionUnderTest;
    /** A transition of the order saved as the store's use cases save it. */
    const saved = async (id: string, transition: (o: Order) => Change) => {
      const change = transition((await s.orders.findById(id))!);
      if (!change.ok || (await s.orders.save(change.order)) !== 'saved') throw new Error(`order ${id} did not change`);
    };
    const owner = { id: nextId(), username: 'Hana', email: 'hana@mail.test', role: 'User' as const, passwordHash: 'hash' };
    const onSale = aProduct();
    const sold = aProduct();
    const paidOrder = nextId();
    let n = 0;

    const anOrder = (createdAt: Date): NewOrder => ({
      id: nextId(),
      userId: owner.id,
      buyerName: 'Hana Adel',
      buyerEmail: owner.email,
      method: 'paypal',
      paymentMethod: 'paypal',
      currency: 'USD',
      total: usd(1999),
      lines: [{ productId: sold._id, title: sold.title, price: usd(1999) }],
      createdAt: createdAt.toISOString(),
    });

    /** Each kind: writes one record whose moment is `moment`, through the adapters' own ports; answers its handle. */
    const seed: Record<RetainedRecord, (moment: Date) => Promise<string>> = {
      visits: async (moment) => {
        await s.visits.record({ day: moment.toISOString().slice(0, 10), page: '/', country: `Country ${++n}` });
        return '';
      },
      'sign-in-failures': async (moment) => {
        s.clock.set(moment.getTime() - MINUTE);
        await s.throttle.consume([{ key: `key-${++n}`, limit: 10 }], 60);
        return '';
      },
      'sign-in-addresses': async (moment) => {
        s.clock.set(moment.getTime());
        await s.throttle.remember(owner.id, `10.0.0.${++n}`);
        return '';
      },
      'pending-sign-ins': async (moment) => {
        const id = `pending-${++n}`;
        await s.pendingSignIns.keep(id, { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/' }, moment);
        return id;
      },
      sessions: async (moment) => {
        // Before every moment: a session the adapter already sees as expired may be pruned as it is made.
        s.clock.set(EARLY.getTime());
        return s.sessions.rotate(undefined, owner.id, moment);
      },
      'password-resets': async (moment) => {
        const tokenHash = `reset-${++n}`;
        await s.passwordResets.request({ email: owner.email, tokenHash, issuedAt: new Date(moment.getTime() - 60 * MINUTE), expiresAt: moment, mail: aMail(owner.email) });
        return tokenHash;
      },
      downloads: async (moment) => {
        await s.orders.recordDownload({ orderId: paidOrder, productId: sold._id, userId: owner.id, at: moment });
        return '';
      },
      'file-downloads': async (moment) => {
        await s.downloadLog.record({ orderId: paidOrder, productId: sold._id, fileId: nextId(), holder: { kind: 'account', userId: owner.id }, purpose: 'download', at: moment, address: '203.0.113.9', bytes: 100, completed: false });
        return '';
      },
      'library-links': async (moment) => {
        const tokenHash = `link-${++n}`;
        await s.keepLibraryLink({ tokenHash, email: owner.email, issuedAt: new Date(moment.getTime() - DAY), expiresAt: moment });
        return tokenHash;
      },
      'library-sessions': async (moment) => {
        // Opened from a link that lives on: only the session is of this moment.
        const link = `opens-${++n}`;
        await s.keepLibraryLink({ tokenHash: link, email: owner.email, issuedAt: EARLY, expiresAt: new Date('2100-01-01T00:00:00Z') });
        const tokenHash = `session-${n}`;
        await s.guestLibrary.open(link, { tokenHash, expiresAt: moment }, EARLY);
        return tokenHash;
      },
      'sent-mail': async (moment) => {
        const id = `sent-${++n}`;
        await s.queueMail(id, aMail(owner.email), EARLY);
        const mail = (await s.outbox.due(EARLY, 1000)).find((m) => m.id === id)!;
        await s.outbox.sent(mail, moment);
        return id;
      },
      'failed-mail': async (moment) => {
        const id = `failed-${++n}`;
        await s.queueMail(id, aMail(owner.email), moment);
        const mail = (await s.outbox.due(moment, 1000)).find((m) => m.id === id)!;
        await s.outbox.failed(mail, undefined, 'mailbox unavailable');
        return id;
      },
      'unpaid-orders': async (moment) => {
        const order = await s.orders.add(anOrder(moment));
        return order.id;
      },
      'cart-entries-of-deleted-products': async (moment) => {
        const product = aProduct();
        await s.catalog.addMany([product]);
        await s.carts.add(owner.id, product._id);
        await s.editor.remove(product._id, { id: owner.id, username: owner.username, at: moment });
        return product._id;
      },
    };

    const counts = async (): Promise<Record<Counted, number>> => {
      const all = [...RETAINED_RECORDS, 'unsent-mail', 'paid-orders', 'cart-entries', 'counted-file-downloads'] as const;
      return Object.fromEntries(await Promise.all(all.map(async (what) => [what, await s.count(what)]))) as Record<Counted, number>;
    };

    beforeAll(async () => {
      s = await open();
      await s.users.add(owner);
      await s.catalog.addMany([onSale, sold]);
      await s.carts.add(owner.id, onSale._id);
      // A paid order is a business record: older than every rule, and it stays.
      await s.orders.add({ ...anOrder(new Date(EARLY.getTime() + DAY)), id: paidOrder });
      await saved(paidOrder, (o) => paid(o, `PAY-${paidOrder}`, true));
      await s.queueMail(`order-paid-${paidOrder}`, aMail(owner.email), EARLY);
      await s.queueMail('never-sent', aMail(owner.email), new Date('2100-01-01T00:00:00Z'));
      // A completed download that counts toward the cap: older than every rule, and it stays.
      await s.downloadLog.record({ orderId: paidOrder, productId: sold._id, fileId: nextId(), holder: { kind: 'account', userId: owner.id }, purpose: 'download', at: EARLY, address: '203.0.113.9', bytes: 5000, completed: true });
    });
    afterAll(() => s.close());

    it('removes the records of each kind past the moment, and no other record', async () => {
      const before = new Date('2026-06-01T12:00:00Z');
      // A visit goes when its day is before the moment's day; every other record when its moment is.
      const live = (kind: RetainedRecord) => (kind === 'visits' ? before : new Date(before.getTime() + MINUTE));
      const old = (kind: RetainedRecord) => new Date(before.getTime() - (kind === 'visits' ? DAY : MINUTE));
      // The live ones first: some adapters prune what is already void as they write (the throttle).
      const handles = new Map<RetainedRecord, string>();
      for (const kind of RETAINED_RECORDS) handles.set(kind, await seed[kind](live(kind)));
      const oldOrders = [await seed['unpaid-orders'](old('unpaid-orders'))];
      for (const kind of RETAINED_RECORDS) if (kind !== 'unpaid-orders') await seed[kind](old(kind));
      // An order that failed is as unpaid as one still pending.
      const failed = await seed['unpaid-orders'](old('unpaid-orders'));
      await saved(failed, failedNow);
      oldOrders.push(failed);

      for (const kind of RETAINED_RECORDS) {
        const counted = await counts();
        const expected = kind === 'unpaid-orders' ? 2 : 1;
        const removed = await s.retention.remove(kind, before, 10);
        const fewer: Partial<Record<Counted, number>> = { [kind]: counted[kind] - expected };
        // Entries of deleted products are cart entries too.
        if (kind === 'cart-entries-of-deleted-products') fewer['cart-entries'] = counted['cart-entries'] - expected;
        expect({ kind, removed, counts: await counts() }).toEqual({ kind, removed: expected, counts: { ...counted, ...fewer } });
      }

      // What is left is whole and working.
      s.clock.set(before.getTime());
      expect(await s.sessions.sessionOf(handles.get('sessions')!)).toMatchObject({ user: { id: owner.id } });
      expect(await s.pendingSignIns.take(handles.get('pending-sign-ins')!, before)).toBeDefined();
      expect(await s.passwordResets.redeem(handles.get('password-resets')!, 'new-hash', before)).toBe(owner.id);
      expect(await s.orders.findById(handles.get('unpaid-orders')!)).toMatchObject({ status: 'pending', lines: [{ productId: sold._id }] });
      for (const id of oldOrders) expect(await s.orders.findById(id)).toBeUndefined();
      expect(await s.orders.findById(paidOrder)).toMatchObject({ status: 'paid', lines: [{ productId: sold._id }] });
      expect(await s.carts.products(owner.id)).toEqual([expect.objectContaining({ _id: onSale._id })]);
      expect(await s.guestLibrary.sessionOf(handles.get('library-sessions')!, before)).toBe(owner.email);
      expect(await s.downloadLog.completed(paidOrder, sold._id)).toBe(1);
    });

    it("keeps Customer Orders' count of every order right as unpaid orders are removed", async () => {
      /** Every order, counted afresh from the store rather than read from what the adapter keeps. */
      const walked = async () => (await s.count('unpaid-orders')) + (await s.count('paid-orders'));
      const kept = async () => (await s.orders.all({ page: 1, limit: 1 })).total;
      const before = new Date('2000-06-01T00:00:00Z');
      for (let i = 0; i < 3; i++) await seed['unpaid-orders'](new Date(before.getTime() - (i + 1) * DAY));
      expect(await kept()).toBe(await walked());
      expect(await s.retention.remove('unpaid-orders', before, 2)).toBe(2);
      expect(await kept()).toBe(await walked());
      expect(await s.retention.remove('unpaid-orders', before, 10)).toBeGreaterThanOrEqual(1);
      expect(await kept()).toBe(await walked());
    });

    it('removes a year-old completed download once a reset stopped it counting', async () => {
      const line = { orderId: paidOrder, productId: sold._id, holder: { kind: 'account' as const, userId: owner.id }, purpose: 'download' as const, address: '203.0.113.9', bytes: 5000, completed: true };
      await s.downloadLog.record({ ...line, fileId: nextId(), at: new Date(EARLY.getTime() + MINUTE) });
      const before = new Date('2001-01-01T00:00:00Z');
      expect(await s.retention.remove('file-downloads', before, 10)).toBe(0);
      await s.downloadLog.reset(paidOrder, sold._id, entryOf({ id: owner.id, username: owner.username, at: before }, 'downloads-reset', { subject: paidOrder }));
      expect(await s.retention.remove('file-downloads', before, 10)).toBe(2);
      expect(await s.count('counted-file-downloads')).toBe(0);
    });

    it.each(['visits', 'sessions', 'downloads', 'file-downloads', 'library-links', 'library-sessions', 'unpaid-orders', 'cart-entries-of-deleted-products'] as const)(
      'removes no more %s than asked at once; the next batch goes on',
      async (kind) => {
        const before = new Date(Date.parse('2025-01-01T12:00:00Z') + RETAINED_RECORDS.indexOf(kind) * 10 * DAY);
        for (let i = 0; i < 3; i++) await seed[kind](new Date(before.getTime() - (i + 1) * DAY));
        const left = await s.count(kind);
        expect(await s.retention.remove(kind, before, 2)).toBe(2);
        expect(await s.retention.remove(kind, before, 2)).toBe(1);
        expect(await s.retention.remove(kind, before, 2)).toBe(0);
        expect(await s.count(kind)).toBe(left - 3);
      },
    );
  });
