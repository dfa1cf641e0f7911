import { STAMP_COPIES } from '../../core/delivery/domain/stamped-copy';
import { JobKind, JobQueue } from '../../core/shared/jobs';

/**
 * Work the store does on its own, every so often, as jobs on the queue: a run that fails is tried
 * twice more (after about 5 s, then 10 s) before it is kept as failed for the admin; one that runs
 * longer than `expireSeconds` is taken for dead (its process stopped) and tried again. One link of
 * its chain waits at a time; runs are not held to one at a time: a run left active by a process that
 * died or lost the database must not hold up the next (each of these is safe side by side: the
 * outbox claims each message once, settlement is transactional, housekeeping removes in batches).
 */
const periodic = (name: string, expireSeconds: number): JobKind => ({ name, retries: 2, retryDelaySeconds: 5, backoff: true, expireSeconds, perKey: 'one-waiting' });

/** The outbox's due e-mail goes out (adapters/mail/outbox-sender.ts); a step's sends take well under its claim (MAIL_CLAIM_MS). */
export const SEND_DUE_MAIL = periodic('send-due-mail', 5 * 60);
/** Unsettled payments are asked about again, kiosk references reminded of and expired (core/ordering/use-cases/reconcile.ts). */
export const RECONCILE_PAYMENTS = periodic('reconcile-payments', 15 * 60);
/** Records past their retention go (core/housekeeping). */
export const HOUSEKEEPING = periodic('housekeeping', 15 * 60);

/** Every kind of job the store enqueues or runs: each has its queue, made at start when missing. */
export const JOB_KINDS: readonly JobKind[] = [SEND_DUE_MAIL, RECONCILE_PAYMENTS, HOUSEKEEPING, STAMP_COPIES];

export interface PeriodicWork {
  readonly kind: JobKind;
  readonly everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs each piece of work as a chain of jobs of one key: each run first queues the next, `everyMs`
 * later, then works. pg-boss's cron counts in minutes, and the store's periods are seconds (tests
 * shorten them further), so the chain keeps its own time. However many processes start a chain,
 * one link waits (the kinds' `perKey`), and each link runs in the one process that claims it.
 * A run that fails has queued the next already, and its own retries come on top; if the database
 * is out of reach when the next should be queued, the run fails, and its retry queues it.
 */
export const runPeriodically = async (queue: JobQueue, work: readonly PeriodicWork[]): Promise<void> => {
  for (const { kind, everyMs, run } of work) {
    await queue.work(kind, async () => {
      await queue.enqueue(kind, {}, { key: kind.name, inMs: everyMs });
      await run();
    });
    // The first link, now: dropped when another process's chain already has one waiting.
    await queue.enqueue(kind, {}, { key: kind.name });
  }
};

/** How often an idle worker asks for a job: about the shortest period, between pg-boss's least (500 ms) and 2 s. */
export const pollMsFor = (periodsMs: readonly number[]): number => Math.max(500, Math.min(2000, ...periodsMs));
