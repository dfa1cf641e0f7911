import { MemorySessions, MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryPendingSignIns } from '../../adapters/persistence/memory/memory-external-identities';
import { MemoryOrders } from '../../adapters/persistence/memory/memory-orders';
import { MemoryOutbox } from '../../adapters/persistence/memory/memory-outbox';
import { MemoryPasswordResets } from '../../adapters/persistence/memory/memory-password-resets';
import { MemoryRetention } from '../../adapters/persistence/memory/memory-retention';
import { MemoryVisits } from '../../adapters/persistence/memory/memory-visits';
import { MemoryGuestLibrary } from '../../adapters/persistence/memory/memory-guest-library';
import { MemoryDownloadLog } from '../../adapters/persistence/memory/memory-product-files';
import { FixedClock } from '../support/clock';
import { Counted, retentionContract } from './retention.contract';

retentionContract('in memory', async () => {
  const clock = new FixedClock();
  const users = new MemoryUsers();
  const outbox = new MemoryOutbox();
  const catalog = new MemoryCatalog();
  const orders = new MemoryOrders((id) => catalog.secretsOf(id), (c) => void outbox.queue(c.id, c.mail, clock.now()), { customerOf: (id) => users.findById(id) });
  const tables = {
    guestLibrary: new MemoryGuestLibrary(orders),
    downloadLog: new MemoryDownloadLog(),
    visits: new MemoryVisits(),
    users,
    throttle: new MemorySignInThrottle(clock),
    pendingSignIns: new MemoryPendingSignIns(),
    orders,
    outbox,
    carts: new MemoryCarts((id) => catalog.findById(id)),
    catalog,
  };
  const mail = (status: string) => [...outbox.entries.values()].filter((e) => e.status === status).length;
  const ordersPaid = (paid: boolean) => [...tables.orders.orders.values()].filter((o) => (o.status === 'paid') === paid).length;
  const cartEntries = (of: (productId: string) => boolean) => [...tables.carts.carts.values()].flat().filter(of).length;
  const counts: Record<Counted, () => number> = {
    visits: () => tables.visits.counts.size,
    'sign-in-failures': () => tables.throttle.windows.size,
    'sign-in-addresses': () => tables.throttle.addresses.size,
    'pending-sign-ins': () => tables.pendingSignIns.pending.size,
    sessions: () => users.sessions.size,
    'password-resets': () => users.resets.size,
    downloads: () => tables.orders.downloads.length,
    'sent-mail': () => mail('sent'),
    'failed-mail': () => mail('failed'),
    'unsent-mail': () => mail('queued') + mail('sending'),
    'unpaid-orders': () => ordersPaid(false),
    'paid-orders': () => ordersPaid(true),
    'file-downloads': () => tables.downloadLog.entries.filter(({ entry: e }) => !(e.completed && e.counted)).length,
    'counted-file-downloads': () => tables.downloadLog.entries.filter(({ entry: e }) => e.completed && e.counted).length,
    'library-links': () => tables.orders.libraryLinks.size,
    'library-sessions': () => tables.guestLibrary.sessions.size,
    'cart-entries-of-deleted-products': () => cartEntries((id) => catalog.deleted.has(id)),
    'cart-entries': () => cartEntries(() => true),
  };
  return {
    retention: new MemoryRetention(tables),
    clock,
    visits: tables.visits,
    users,
    sessions: new MemorySessions(users, clock),
    throttle: tables.throttle,
    pendingSignIns: tables.pendingSignIns,
    passwordResets: new MemoryPasswordResets(users, outbox),
    orders: tables.orders,
    outbox,
    queueMail: (id, mail, dueAt) => outbox.queue(id, mail, dueAt),
    catalog,
    editor: catalog,
    carts: tables.carts,
    downloadLog: tables.downloadLog,
    guestLibrary: tables.guestLibrary,
    keepLibraryLink: async (link) => tables.orders.keepLibraryLink(link),
    count: async (what) => counts[what](),
    close: async () => {},
  };
});
