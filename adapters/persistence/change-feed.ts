import { Knex } from 'knex';

/**
 * What the caches of a process keep, by area: 'catalogue' (pages, products, totals, and the cart
 * answers that a deleted product changes), 'cart' (one user's cart count and memberships) and
 * 'account' (who one user's sessions belong to). A change names the user, or nothing for the
 * catalogue, which is forgotten whole.
 */
export type CacheArea = 'catalogue' | 'cart' | 'account';

/** Forgets what the key names, or the whole area when the key is undefined. */
type Forget = (key: string | undefined) => void;

/**
 * The channel that wakes the other processes (change-listener.ts). PostgreSQL delivers a
 * notification only when its transaction commits, so a process woken by it finds the row; identical
 * notifications of one transaction are delivered once. The log stays the source of truth.
 */
export const CHANGES_CHANNEL = 'cache_changes';
/** Ends every statement that logs a change: `... select <TELL_OTHERS> from logged`. */
export const TELL_OTHERS = `pg_notify('${CHANGES_CHANNEL}', '')`;

/** The catalogue's version as a subquery: what is kept from the catalogue is kept while it reads the same. */
export const CATALOGUE_VERSION = '(select version from catalogue_version)';

/**
 * Writes a change into the log; inside the transaction that makes it, so both land together. A
 * change to the catalogue also moves its version, which tells every process's search index.
 */
export const logChange = (db: Knex, area: CacheArea, key = ''): Promise<void> => {
  const logged = () =>
    db.raw(`with logged as (insert into cache_changes (area, key) values (?, ?) returning seq) select ${TELL_OTHERS} from logged`, [area, key]).then(() => undefined);
  return area === 'catalogue' ? db.raw('update catalogue_version set version = version + 1').then(logged) : logged();
};

/** Longer than any change stays uncommitted after taking its number (see `poll`). */
const GAP_PATIENCE_MS = 10_000;
/** How long rows are kept; a process that could not read the log for half this forgets everything. */
const KEPT_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;

interface Row {
  seq: string | number;
  area: CacheArea;
  key: string;
}

/**
 * How the caches of several app processes stay consistent. Every change is a row of
 * `cache_changes` (its area and key, numbered by a sequence). Each process reads the rows past
 * the last it saw once every `refreshMs` (one indexed query) and forgets exactly those keys; the
 * process that made a change forgets at once (`changedHere`). On a PostgreSQL server each change
 * also notifies, and a process woken by it reads at once (`readNow`, change-listener.ts): another
 * process lags a change by milliseconds, and by at most `refreshMs` without notifications. A cart
 * write forgets only that user's answers.
 *
 * Numbers are taken before commit, so a lower one can appear after a higher one: a missing number
 * is waited for (read again each time) for GAP_PATIENCE_MS, after which it is taken for a rolled
 * back change.
 */
export class ChangeFeed {
  /** Every change numbered up to here has been handled (or given up on). */
  private floor = 0;
  /** Handled changes above the floor, past a missing number. */
  private readonly ahead = new Set<number>();
  private gapSince: number | undefined;
  private lastRead = Date.now();
  private lastPruned = Date.now();
  private timer: NodeJS.Timeout | undefined;
  /** The read under way, and whether another was asked for while it ran. */
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private readonly listeners = new Map<CacheArea, Forget[]>();

  constructor(
    private readonly db: Knex,
    private readonly refreshMs: number,
  ) {}

  /** Starts reading the log; the timer does not keep the process alive. */
  async start(): Promise<void> {
    const row = await this.db('cache_changes').max({ seq: 'seq' }).first();
    this.floor = Number(row?.seq ?? 0);
    this.timer = setInterval(() => void this.readNow().catch(() => {}), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  on(area: CacheArea, forget: Forget): void {
    this.listeners.set(area, [...(this.listeners.get(area) ?? []), forget]);
  }

  /** Tells this process's caches at once; the log tells the others. */
  changedHere(area: CacheArea, key?: string): void {
    for (const forget of this.listeners.get(area) ?? []) forget(area === 'catalogue' ? undefined : key);
  }

  /** For a change made outside a transaction of its own: log it, then forget here. */
  async record(area: CacheArea, key: string): Promise<void> {
    await logChange(this.db, area, key);
    this.changedHere(area, key);
  }

  /**
   * Reads the log now (a notification came, or the timer fired): one read at a time, and a call
   * during a read asks for one more after it, since its change may have committed after that read's
   * query.
   */
  readNow(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    const read = async () => {
      try {
        do {
          this.readAgain = false;
          await this.poll();
        } while (this.readAgain);
      } finally {
        this.reading = undefined;
      }
    };
    this.reading = read();
    return this.reading;
  }

  /** One read of the log: forgets what changed since the last, and now and then prunes it. */
  async poll(): Promise<void> {
    const rows: Row[] = await this.db('cache_changes').where('seq', '>', this.floor).orderBy('seq').select('seq', 'area', 'key');
    const now = Date.now();
    if (now - this.lastRead > KEPT_MS / 2) this.forgetEverything();
    this.lastRead = now;
    for (const row of rows) {
      const seq = Number(row.seq);
      if (this.ahead.has(seq)) continue;
      this.ahead.add(seq);
      this.changedHere(row.area, row.key);
    }
    this.advance(now);
    if (now - this.lastPruned > PRUNE_EVERY_MS) {
      this.lastPruned = now;
      await this.db('cache_changes').where('at', '<', new Date(now - KEPT_MS)).delete();
    }
  }

  private advance(now: number): void {
    while (this.ahead.delete(this.floor + 1)) this.floor += 1;
    if (this.ahead.size === 0) return void (this.gapSince = undefined);
    this.gapSince ??= now;
    if (now - this.gapSince < GAP_PATIENCE_MS) return;
    this.floor = Math.min(...this.ahead) - 1;
    this.gapSince = undefined;
    this.advance(now);
  }

  private forgetEverything(): void {
    for (const forgets of this.listeners.values()) for (const forget of forgets) forget(undefined);
  }
}
