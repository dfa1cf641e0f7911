import { CachedCarts, CachedSessions } from '../../adapters/persistence/cached-accounts';
import { ChangeFeed, logChange } from '../../adapters/persistence/change-feed';
import { Database } from '../../adapters/persistence/database';
import { KnexCarts } from '../../adapters/persistence/knex-carts';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexSessions, KnexUsers } from '../../adapters/persistence/knex-accounts';
import { FixedClock } from '../support/clock';
import { freshPglite } from '../support/databases';
import { aProduct, nextId } from '../support/products';

const REFRESH_MS = 50;
const aRefreshLater = () => new Promise((resolve) => setTimeout(resolve, REFRESH_MS * 4));

/** What one app process holds: its change feed and cache decorators, over spied knex adapters. */
const aProcess = async (db: Database) => {
  const changes = new ChangeFeed(db.knex, REFRESH_MS);
  await changes.start();
  const carts = new KnexCarts(db.knex);
  const clock = new FixedClock();
  const sessions = new KnexSessions(db.knex, clock);
  return {
    changes,
    carts: new CachedCarts(carts, changes),
    sessions: new CachedSessions(sessions, changes, clock),
    countQueries: jest.spyOn(carts, 'count'),
    sessionQueries: jest.spyOn(sessions, 'sessionOf'),
  };
};

describe('caches of two processes on one database', () => {
  let db: Database;
  let here: Awaited<ReturnType<typeof aProcess>>;
  let there: Awaited<ReturnType<typeof aProcess>>;
  const amal = { id: nextId(), username: 'Amal', email: 'amal@mail.test', role: 'User' as const, passwordHash: 'h' };
  const basma = { id: nextId(), username: 'Basma', email: 'basma@mail.test', role: 'User' as const, passwordHash: 'h' };
  const book = aProduct();

  beforeAll(async () => {
    db = await freshPglite();
    const users = new KnexUsers(db.knex);
    await users.add(amal);
    await users.add(basma);
    await new KnexCatalog(db.knex).addMany([book]);
    [here, there] = [await aProcess(db), await aProcess(db)];
  });
  afterAll(async () => {
    here.changes.stop();
    there.changes.stop();
    await db.close();
  });

  it('forgets only the writer’s cart count in the other process, within the refresh interval', async () => {
    expect([await there.carts.count(amal.id), await there.carts.count(basma.id)]).toEqual([0, 0]);
    expect([await there.carts.count(amal.id), await there.carts.count(basma.id)]).toEqual([0, 0]);
    expect(there.countQueries).toHaveBeenCalledTimes(2);

    await here.carts.add(amal.id, book._id);
    expect(await here.carts.count(amal.id)).toBe(1);
    await aRefreshLater();

    there.countQueries.mockClear();
    expect(await there.carts.count(amal.id)).toBe(1);
    expect(await there.carts.count(basma.id)).toBe(0);
    expect(there.countQueries.mock.calls).toEqual([[amal.id]]);

    await here.carts.remove(amal.id, book._id);
    await aRefreshLater();
    expect(await there.carts.count(amal.id)).toBe(0);
  });

  it('forgets a signed-out user’s sessions in the other process, and keeps everyone else’s', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    const [amals, basmas] = [await here.sessions.rotate(undefined, amal.id, later), await here.sessions.rotate(undefined, basma.id, later)];
    expect((await there.sessions.sessionOf(amals))?.user.id).toBe(amal.id);
    expect((await there.sessions.sessionOf(basmas))?.user.id).toBe(basma.id);

    await here.sessions.end(amals);
    expect((await here.sessions.sessionOf(amals))?.user).toBeUndefined();
    await aRefreshLater();

    there.sessionQueries.mockClear();
    expect((await there.sessions.sessionOf(amals))?.user).toBeUndefined();
    expect((await there.sessions.sessionOf(basmas))?.user.id).toBe(basma.id);
    expect(there.sessionQueries.mock.calls).toEqual([[amals]]);
  });

  it('does not miss a change that commits after a later-numbered one', async () => {
    const forgotten: (string | undefined)[] = [];
    const feed = new ChangeFeed(db.knex, 60_000);
    await feed.start();
    feed.on('cart', (key) => forgotten.push(key));
    const [{ seq }] = await db.knex('cache_changes').max({ seq: 'seq' });
    const next = Number(seq) + 1;
    // Two writers took numbers next and next + 1; the second committed first.
    await db.knex('cache_changes').insert({ seq: next + 1, area: 'cart', key: 'second' });
    await feed.poll();
    await db.knex('cache_changes').insert({ seq: next, area: 'cart', key: 'first' });
    await feed.poll();
    await db.knex('cache_changes').insert({ seq: next + 2, area: 'cart', key: 'third' });
    await feed.poll();
    feed.stop();
    // Each once, though 'second' was read again while 'first' was missing.
    expect(forgotten).toEqual(['second', 'first', 'third']);
  });
});

// A database of its own: the test above numbers rows by hand, past the sequence.
describe('reading the log when woken', () => {
  it('reads once more for a wake-up during a read, and handles each change once', async () => {
    const forgotten: (string | undefined)[] = [];
    const db = await freshPglite();
    const feed = new ChangeFeed(db.knex, 60_000);
    await feed.start();
    feed.on('cart', (key) => forgotten.push(key));
    const reads = jest.spyOn(feed, 'poll');
    await logChange(db.knex, 'cart', 'one');
    const first = feed.readNow();
    await logChange(db.knex, 'cart', 'two');
    const second = feed.readNow();
    const third = feed.readNow();
    await Promise.all([first, second, third]);
    feed.stop();
    await db.close();
    expect(reads).toHaveBeenCalledTimes(2);
    expect(forgotten).toEqual(['one', 'two']);
  });
});
