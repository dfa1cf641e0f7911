import { RetainedRecord } from '../../../core/housekeeping/domain/retention';
import { Retention } from '../../../core/housekeeping/ports';
import { MemorySignInThrottle, MemoryUsers } from './memory-accounts';
import { MemoryCarts } from './memory-carts';
import { MemoryCatalog } from './memory-catalog';
import { MemoryGuestLibrary } from './memory-guest-library';
import { MemoryDownloadLog } from './memory-product-files';
import { MemoryPendingSignIns } from './memory-external-identities';
import { MemoryOrders } from './memory-orders';
import { MemoryOutbox } from './memory-outbox';
import { MemoryVisits } from './memory-visits';

/** The in-memory twins whose records the housekeeping removes, as the database's tables. */
export interface MemoryTables {
  readonly visits: MemoryVisits;
  readonly users: MemoryUsers;
  readonly throttle: MemorySignInThrottle;
  readonly pendingSignIns: MemoryPendingSignIns;
  readonly orders: MemoryOrders;
  readonly outbox: MemoryOutbox;
  readonly carts: MemoryCarts;
  readonly catalog: MemoryCatalog;
  readonly guestLibrary: MemoryGuestLibrary;
  readonly downloadLog: MemoryDownloadLog;
}

/** Deletes up to `limit` entries of `map` that `past` picks; answers how many. */
const removeFrom = <K, V>(map: Map<K, V>, past: (value: V, key: K) => boolean, limit: number): number => {
  const chosen = [...map].filter(([key, value]) => past(value, key)).slice(0, limit);
  for (const [key] of chosen) map.delete(key);
  return chosen.length;
};

/** The in-memory twin of KnexRetention, held to the same contract (tests/contracts/retention.contract.ts). */
export class MemoryRetention implements Retention {
  constructor(private readonly tables: MemoryTables) {}

  async remove(kind: RetainedRecord, before: Date, limit: number): Promise<number> {
    const { visits, users, throttle, pendingSignIns, orders, outbox, guestLibrary, downloadLog } = this.tables;
    const moment = before.getTime();
    switch (kind) {
      case 'visits': {
        const day = before.toISOString().slice(0, 10);
        return removeFrom(visits.counts, (_, key) => key.slice(0, 10) < day, limit);
      }
      case 'sign-in-failures':
        return removeFrom(throttle.windows, (w) => w.ends < moment, limit);
      case 'sign-in-addresses':
        return removeFrom(throttle.addresses, (lastSeen) => lastSeen < moment, limit);
      case 'pending-sign-ins':
        return removeFrom(pendingSignIns.pending, (held) => held.expiresAt.getTime() < moment, limit);
      case 'sessions':
        return removeFrom(users.sessions, (s) => s.expires < moment, limit);
      case 'password-resets':
        return removeFrom(users.resets, (r) => r.expires < moment, limit);
      case 'downloads': {
        let removed = 0;
        const kept = orders.downloads.filter((d) => {
          const past = d.at.getTime() < moment && removed < limit;
          if (past) removed++;
          return !past;
        });
        orders.downloads.splice(0, orders.downloads.length, ...kept);
        return removed;
      }
      case 'file-downloads': {
        const log = downloadLog.entries;
        const chosen = log.filter(({ entry: e }) => !(e.completed && e.counted) && e.at.getTime() < moment).slice(0, limit);
        log.splice(0, log.length, ...log.filter((kept) => !chosen.includes(kept)));
        return chosen.length;
      }
      case 'library-links':
        return removeFrom(orders.libraryLinks, (link) => link.expiresAt.getTime() < moment, limit);
      case 'library-sessions':
        return removeFrom(guestLibrary.sessions, (session) => session.expiresAt.getTime() < moment, limit);
      case 'sent-mail':
        return removeFrom(outbox.entries, (e) => e.status === 'sent' && e.sentAt!.getTime() < moment, limit);
      case 'failed-mail':
        return removeFrom(outbox.entries, (e) => e.status === 'failed' && e.dueAt.getTime() < moment, limit);
      case 'unpaid-orders':
        return removeFrom(orders.orders, (o) => ['pending', 'failed', 'expired'].includes(o.status) && Date.parse(o.createdAt) < moment, limit);
      case 'cart-entries-of-deleted-products':
        return this.removeCartEntriesOfDeleted(moment, limit);
    }
  }

  private removeCartEntriesOfDeleted(moment: number, limit: number): number {
    const { carts, catalog } = this.tables;
    const gone = (productId: string) => (catalog.deleted.get(productId)?.getTime() ?? Infinity) < moment;
    let removed = 0;
    for (const [userId, productIds] of carts.carts) {
      const chosen = productIds.filter(gone).slice(0, limit - removed);
      carts.carts.set(userId, productIds.filter((id) => !chosen.includes(id)));
      removed += chosen.length;
    }
    return removed;
  }
}
