import { FindOrders, EXPORT_BATCH } from '../../core/ordering/use-cases/find-orders';
import { MemoryOrderHistory } from '../../adapters/persistence/memory/memory-order-history';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { NOT_SIGNED_IN, User } from '../../core/identity/domain/user';
import { ORDER_NOT_FOUND } from '../../core/ordering/domain/order';
import { UNKNOWN_SHOWN_STATUS } from '../../core/ordering/domain/order-filter';
import { COUNT_CAP, SEARCH_COUNT_CAP } from '../../core/shared/paging';
import { usd } from '../../core/shared/money';
import { left, right } from '../support/either';
import { orderingOnMemory } from '../support/ordering';
import { nextId } from '../support/products';

const owner: User = { id: nextId(), username: 'Owner', email: 'owner@store.test', role: 'Admin' };

const setUp = async () => {
  const store = orderingOnMemory();
  const hana = await store.customer('Hana');
  const find = new FindOrders(store.orders, new MemoryOrderHistory(store.orders, store.refundLedger));
  let minute = 0;
  const place = (overrides: { title?: string; currency?: 'USD' } = {}) =>
    store.orders.add({
      id: nextId(),
      userId: hana.id,
      buyerName: 'Hana Adel',
      buyerEmail: 'hana@mail.test',
      method: 'paypal',
      paymentMethod: 'paypal',
      currency: 'USD',
      total: usd(100),
      lines: [{ productId: nextId(), title: overrides.title ?? 'Atlas', price: usd(100) }],
      createdAt: new Date(Date.UTC(2026, 0, 1) + ++minute * 1000).toISOString(),
    });
  return { store, hana, find, place };
};

/** FindOrders (issue 21): the admin's search, export and timeline, on the in-memory twins. */
describe('finding orders', () => {
  it('refuses anyone but an admin, and a bad filter, before reading anything', async () => {
    const { find, hana } = await setUp();
    for (const [who, refusal] of [
      [undefined, { kind: 'unauthorized', message: NOT_SIGNED_IN }],
      [hana, { kind: 'forbidden', message: ADMINS_ONLY }],
    ] as const) {
      expect(left(await find.search(who, {}, 1, 20)())).toMatchObject(refusal);
      expect(left(await find.exportCsv(who, {})())).toMatchObject(refusal);
      expect(left(await find.timeline(who, nextId())())).toMatchObject(refusal);
    }
    expect(left(await find.exportCsv(owner, { status: 'lost' })())).toMatchObject({ kind: 'invalid', message: UNKNOWN_SHOWN_STATUS });
    expect(left(await find.search(owner, {}, 0, 20)())).toMatchObject({ kind: 'invalid' });
    expect(left(await find.timeline(owner, nextId())())).toMatchObject({ kind: 'not-found', message: ORDER_NOT_FOUND });
  });

  it('answers the spec list unfiltered, and counts a filtered one exactly below the cap', async () => {
    const { find, place } = await setUp();
    await place({ title: 'Veneers course' });
    await place();
    await place();
    expect(right(await find.search(owner, {}, 1, 2)())).toMatchObject({ total: 3, totalPages: 2, more: false });
    const veneers = right(await find.search(owner, { q: 'veneer' }, 1, 20)());
    expect(veneers).toMatchObject({ total: 1, totalPages: 1, more: false, items: [{ lines: [{ title: 'Veneers course' }] }] });
  });

  it('counts a filtered list to its cap and a search to its own, and says there are more past them', async () => {
    const { find, place } = await setUp();
    for (let i = 0; i < COUNT_CAP + 1; i++) await place({ title: 'Crown atlas' });
    expect({ COUNT_CAP, SEARCH_COUNT_CAP }).toEqual({ COUNT_CAP: 1_000, SEARCH_COUNT_CAP: 100 });
    const usd = right(await find.search(owner, { currency: 'USD' }, 50, 20)());
    expect(usd).toMatchObject({ total: COUNT_CAP, totalPages: 50, more: true });
    expect(usd.items).toHaveLength(20);
    const crowns = right(await find.search(owner, { q: 'crown' }, 5, 20)());
    expect(crowns).toMatchObject({ total: SEARCH_COUNT_CAP, totalPages: 5, more: true });
    expect(crowns.items).toHaveLength(20);
    // Past the pages it counted, a search still has its orders: the count is no wall.
    expect(right(await find.search(owner, { q: 'crown' }, 6, 20)()).items).toHaveLength(20);
    expect(right(await find.search(owner, {}, 1, 20)())).toMatchObject({ total: COUNT_CAP + 1, more: false });
  });

  it('exports every order the filter picks, newest first, across batches, each once', async () => {
    const { find, place } = await setUp();
    const placed = [];
    for (let i = 0; i < EXPORT_BATCH * 2 + 3; i++) placed.push(await place({ title: i % 2 ? 'Odd atlas' : 'Even atlas' }));
    const lines: string[] = [];
    for await (const line of right(await find.exportCsv(owner, {})())) lines.push(line);
    expect(lines[0]).toMatch(/^order,id,/);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(placed.reverse().map((o) => o.id));
    let odd = 0;
    for await (const line of right(await find.exportCsv(owner, { q: 'odd atlas' })())) if (line.includes('Odd atlas')) odd++;
    expect(odd).toBe(EXPORT_BATCH + 1);
  });

  it("tells an order's life from what the store kept", async () => {
    const { find, place, store } = await setUp();
    const order = await place();
    await store.orders.recordDownload({ orderId: order.id, productId: order.lines[0]!.productId, userId: order.userId!, at: new Date(Date.UTC(2026, 5, 1)) });
    const { events } = right(await find.timeline(owner, order.id)());
    expect(events).toEqual([
      { at: order.createdAt, kind: 'placed', amount: usd(100) },
      { at: '2026-06-01T00:00:00.000Z', kind: 'downloaded', productId: order.lines[0]!.productId },
    ]);
  });
});
