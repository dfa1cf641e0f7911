import { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { jobQueueDb } from '../job-queue-db';

/**
 * Issue 19, item 7: background work on a job queue in the database (pg-boss). pg-boss keeps its
 * own schema (`pgboss`) and migrates it itself at every start; it is installed here too, with the
 * queues of the store's periodic work, so that a new database (and every test's copy of the
 * migrated one) starts with them rather than making them at each start. The queues are spelled out,
 * as they were when this ran; a later kind of job gets its queue at start (pg-boss-jobs.ts).
 * Outside a transaction: pg-boss's schema script holds its own, and its own lock.
 */
export const config = { transaction: false };

const PERIODIC_QUEUES = ['send-due-mail', 'reconcile-payments', 'housekeeping'];

export const up = async (knex: Knex): Promise<void> => {
  const boss = new PgBoss({ db: jobQueueDb(knex), schema: 'pgboss', schedule: false, supervise: false });
  await boss.start();
  for (const name of PERIODIC_QUEUES) await boss.createQueue(name, { name, policy: 'short' });
  await boss.stop({ graceful: false, close: false });

  // The admin's retry of a failed job is audited.
  await knex.transaction(async (trx) => {
    await trx.raw('alter table audit_log drop constraint audit_log_action_check');
    await trx.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
      'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
      'order-refunded', 'transfer-approved', 'transfer-rejected',
      'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset', 'job-retried'
    ))`);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop schema if exists pgboss cascade');
  await knex.raw('alter table audit_log drop constraint audit_log_action_check');
  await knex.raw(`alter table audit_log add constraint audit_log_action_check check (action in (
    'product-created', 'product-updated', 'product-deleted', 'product-recreated', 'egp-prices-updated', 'order-delivered',
    'order-refunded', 'transfer-approved', 'transfer-rejected',
    'product-file-added', 'product-file-removed', 'downloads-per-buyer-set', 'downloads-reset'
  ))`);
};
