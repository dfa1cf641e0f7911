import { Database } from '../../adapters/persistence/database';
import { KnexSessions, KnexSignInThrottle, KnexUsers } from '../../adapters/persistence/knex-accounts';
import { KnexCarts } from '../../adapters/persistence/knex-carts';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexPendingSignIns } from '../../adapters/persistence/knex-external-identities';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexOutbox, queueMail } from '../../adapters/persistence/knex-outbox';
import { KnexPasswordResets } from '../../adapters/persistence/knex-password-resets';
import { KnexProductEditor } from '../../adapters/persistence/knex-product-editor';
import { KnexRetention } from '../../adapters/persistence/knex-retention';
import { KnexVisits } from '../../adapters/persistence/knex-visits';
import { KnexGuestLibrary, keepLibraryLink } from '../../adapters/persistence/knex-guest-library';
import { KnexDownloadLog } from '../../adapters/persistence/knex-product-files';
import { FixedClock } from '../support/clock';
import { Counted, RetentionUnderTest } from './retention.contract';

const COUNTS: Record<Counted, string> = {
  visits: 'select count(*) from visits',
  'sign-in-failures': 'select count(*) from sign_in_failures',
  'sign-in-addresses': 'select count(*) from sign_in_addresses',
  'pending-sign-ins': 'select count(*) from pending_sign_ins',
  sessions: 'select count(*) from sessions',
  'password-resets': 'select count(*) from password_resets',
  downloads: 'select count(*) from downloads',
  'file-downloads': 'select count(*) from file_downloads where not (completed and counted)',
  'counted-file-downloads': 'select count(*) from file_downloads where completed and counted',
  'library-links': 'select count(*) from library_links',
  'library-sessions': 'select count(*) from library_sessions',
  'sent-mail': "select count(*) from outbox where status = 'sent'",
  'failed-mail': "select count(*) from outbox where status = 'failed'",
  'unsent-mail': "select count(*) from outbox where status in ('queued', 'sending')",
  // (An order's lines cannot outlive it: their foreign key says so.)
  'unpaid-orders': "select count(*) from orders where status <> 'paid'",
  'paid-orders': "select count(*) from orders where status = 'paid'",
  'cart-entries-of-deleted-products': 'select count(*) from cart_items c join products p on p.id = c.product_id where p.deleted_at is not null',
  'cart-entries': 'select count(*) from cart_items',
};

/** The knex adapters on an open database, with the retention that deletes from their tables. */
export const knexRetention = (db: Database): RetentionUnderTest => {
  const clock = new FixedClock();
  return {
    retention: new KnexRetention(db.knex),
    clock,
    visits: new KnexVisits(db.knex),
    users: new KnexUsers(db.knex),
    sessions: new KnexSessions(db.knex, clock),
    throttle: new KnexSignInThrottle(db.knex, clock),
    pendingSignIns: new KnexPendingSignIns(db.knex),
    passwordResets: new KnexPasswordResets(db.knex),
    orders: new KnexOrders(db.knex),
    outbox: new KnexOutbox(db.knex),
    queueMail: (id, mail, dueAt) => queueMail(db.knex, id, mail, dueAt),
    catalog: new KnexCatalog(db.knex),
    editor: new KnexProductEditor(db.knex),
    carts: new KnexCarts(db.knex),
    downloadLog: new KnexDownloadLog(db.knex),
    guestLibrary: new KnexGuestLibrary(db.knex),
    keepLibraryLink: (link) => keepLibraryLink(db.knex, link),
    count: async (what) => {
      const { rows } = await db.knex.raw(`select (${COUNTS[what]}) as n`);
      return Number(rows[0].n);
    },
    close: () => db.close(),
  };
};
