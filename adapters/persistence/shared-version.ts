import { Knex } from 'knex';
import { toCount } from './product-rows';

export type CachedArea = 'catalogue' | 'accounts';

/** Raises an area's version; inside the transaction that changes the area, so both land together. */
export const bumpVersion = (db: Knex, area: CachedArea) => db('cache_versions').where('name', area).increment('version', 1);

/**
 * How the caches of several app processes stay consistent: every change to an area raises its
 * version row in PostgreSQL. Each process reads the row every `refreshMs` (one tiny query) and
 * tells its caches to forget when it moved; the process that made the change tells them at once
 * (`changedHere`). So another process's cache lags a change by at most `refreshMs`.
 */
export class SharedVersion {
  private seen: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Knex,
    readonly area: CachedArea,
    private readonly refreshMs: number,
  ) {}

  /** Starts watching; the timer does not keep the process alive. */
  async start(): Promise<void> {
    this.seen = await this.read();
    this.timer = setInterval(() => void this.refresh().catch(() => {}), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  changedHere(): void {
    for (const listener of this.listeners) listener();
  }

  /** For writes outside a transaction of their own: raise the version, then forget here. */
  async bump(): Promise<void> {
    await bumpVersion(this.db, this.area);
    this.changedHere();
  }

  private async read(): Promise<number> {
    const row = await this.db('cache_versions').where('name', this.area).first('version');
    return toCount(row?.version);
  }

  private async refresh(): Promise<void> {
    const version = await this.read();
    if (version === this.seen) return;
    this.seen = version;
    this.changedHere();
  }
}
