import { entryOf } from '../../core/audit/domain/audit';
import { FailedJob, FailedJobs } from '../../core/jobs/ports';
import { UnitOfWork } from '../../core/ordering/ports/orders';
import { Job, JobData, JobKind, JobQueue } from '../../core/shared/jobs';

export type QueueUnderTest = JobQueue & FailedJobs;

export interface JobsUnderTest {
  queue: QueueUnderTest;
  /** The same queue as another app process sees it (on PostgreSQL: its own connections). */
  other: QueueUnderTest;
  /** A unit of work whose `tx.jobs` enqueue on `queue`. */
  work: UnitOfWork;
  close(): Promise<void>;
}

const kind = (name: string, more: Partial<JobKind> = {}): JobKind => ({ name, retries: 0, retryDelaySeconds: 0, backoff: false, expireSeconds: 60, ...more });

/** The kinds the contract uses, one per test, so that one test's workers never take another's jobs. */
export const CONTRACT_KINDS = {
  claimed: kind('contract-claimed'),
  shared: kind('contract-shared'),
  flaky: kind('contract-flaky', { retries: 2, retryDelaySeconds: 1, backoff: true }),
  revived: kind('contract-revived', { retries: 1 }),
  undone: kind('contract-undone'),
  later: kind('contract-later'),
  keyed: kind('contract-keyed', { perKey: 'one-waiting' }),
  oneAtATime: kind('contract-one-at-a-time', { perKey: 'one-waiting-one-running' }),
  stopping: kind('contract-stopping'),
} as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (seen: () => boolean | Promise<boolean>, limitMs = 15_000) => {
  const started = Date.now();
  while (!(await seen())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await pause(25);
  }
};
const admin = { id: '5f0000000000000000000001', username: 'Owner', at: new Date('2026-11-21T10:00:00Z') };

/** Claims, tries, failures and transactions of the job queue: the same on every adapter. */
export const jobsContract = (name: string, open: () => Promise<JobsUnderTest>) =>
  describe(`Job queue contract: ${name}`, () => {
    let s: JobsUnderTest;
    beforeAll(async () => {
      s = await open();
    }, 60_000);
    afterAll(async () => {
      await s?.queue.stop();
      await s?.other.stop();
      await s?.close();
    });

    it('runs an enqueued job once, with its data, on its first attempt', async () => {
      const ran: Job[] = [];
      await s.queue.work(CONTRACT_KINDS.claimed, async (job) => void ran.push(job));
      expect(await s.queue.enqueue(CONTRACT_KINDS.claimed, { orderId: 'order-1', copies: 2 })).toBe(true);
      await until(() => ran.length === 1);
      await pause(700);
      expect(ran).toEqual([{ id: expect.any(String), name: 'contract-claimed', data: { orderId: 'order-1', copies: 2 }, attempt: 1 }]);
    });

    it('gives each job to exactly one of two processes working the same kind', async () => {
      const ran: JobData[] = [];
      const record = async (job: Job) => {
        await pause(5);
        ran.push(job.data);
      };
      await s.queue.work(CONTRACT_KINDS.shared, record);
      await s.other.work(CONTRACT_KINDS.shared, record);
      for (let n = 0; n < 20; n++) await (n % 2 ? s.queue : s.other).enqueue(CONTRACT_KINDS.shared, { n });
      await until(() => ran.length >= 20, 30_000);
      await pause(1200);
      expect(ran.map((data) => data.n).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 20 }, (_, n) => n));
    }, 40_000);

    it('tries a failing job again, each wait longer than the last, then keeps it as failed with its error', async () => {
      const attempts: { attempt: number; at: number }[] = [];
      await s.queue.work(CONTRACT_KINDS.flaky, async (job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        throw new Error(`The stamp could not be written (try ${job.attempt})\n    at a stack line`);
      });
      await s.queue.enqueue(CONTRACT_KINDS.flaky, { orderId: 'order-2' });
      let failed: readonly FailedJob[] = [];
      await until(async () => (failed = (await s.queue.failed(10)).filter((job) => job.name === 'contract-flaky')).length === 1, 20_000);

      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      const [first, second] = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
      // pg-boss's backoff: about 1-2 s, then 2-4 s (the retry delay, doubled each time, with jitter).
      expect(first).toBeGreaterThanOrEqual(900);
      expect(second).toBeGreaterThanOrEqual(1900);
      expect(failed[0]).toEqual({
        id: expect.any(String),
        name: 'contract-flaky',
        data: { orderId: 'order-2' },
        error: 'The stamp could not be written (try 3)',
        attempts: 3,
        createdAt: expect.any(Date),
        startedAt: expect.any(Date),
        failedAt: expect.any(Date),
      });
      expect(failed[0]!.failedAt.getTime()).toBeGreaterThanOrEqual(failed[0]!.createdAt.getTime());
    }, 30_000);

    it('runs a failed job once more when retried, with the audit entry, and retries it only once', async () => {
      let healthy = false;
      const ran: number[] = [];
      await s.queue.work(CONTRACT_KINDS.revived, async (job) => {
        ran.push(job.attempt);
        if (!healthy) throw new Error('Storage is down');
      });
      await s.queue.enqueue(CONTRACT_KINDS.revived, { orderId: 'order-3' });
      let failed: FailedJob | undefined;
      await until(async () => !!(failed = (await s.queue.failed(10)).find((job) => job.name === 'contract-revived')));
      expect(failed).toMatchObject({ error: 'Storage is down', attempts: 2 });

      // An audit entry that cannot be written leaves the job failed: the retry and its entry go together.
      await expect(
        s.other.retry(failed!.id, () => {
          throw new Error('The audit log is full');
        }),
      ).rejects.toThrow('The audit log is full');
      expect((await s.queue.failed(10)).map((job) => job.id)).toContain(failed!.id);

      healthy = true;
      const audited: FailedJob[] = [];
      const audit = (job: FailedJob) => {
        audited.push(job);
        return entryOf(admin, 'job-retried', { subject: job.id, detail: { name: job.name } });
      };
      expect(await s.other.retry(failed!.id, audit)).toMatchObject({ id: failed!.id, name: 'contract-revived' });
      await until(() => ran.length === 3);
      expect(ran).toEqual([1, 2, 3]);
      await until(async () => !(await s.queue.failed(10)).some((job) => job.id === failed!.id));
      expect(await s.queue.retry(failed!.id, audit)).toBeUndefined();
      expect(audited.map((job) => job.id)).toEqual([failed!.id]);
    }, 30_000);

    it('never runs a job enqueued in a unit of work that was undone; runs the one that committed', async () => {
      const ran: JobData[] = [];
      await s.queue.work(CONTRACT_KINDS.undone, async (job) => void ran.push(job.data));
      await expect(
        s.work.run(async (tx) => {
          await tx.jobs.enqueue(CONTRACT_KINDS.undone, { orderId: 'rolled-back' });
          throw new Error('The settlement failed');
        }),
      ).rejects.toThrow('The settlement failed');
      await s.work.run((tx) => tx.jobs.enqueue(CONTRACT_KINDS.undone, { orderId: 'committed' }));
      await until(() => ran.length === 1);
      await pause(1200);
      expect(ran).toEqual([{ orderId: 'committed' }]);
    });

    it('waits for the time asked before running a job', async () => {
      const ran: number[] = [];
      const enqueued = Date.now();
      await s.queue.enqueue(CONTRACT_KINDS.later, {}, { inMs: 1500 });
      await s.queue.work(CONTRACT_KINDS.later, async () => void ran.push(Date.now()));
      await until(() => ran.length === 1);
      expect(ran[0]! - enqueued).toBeGreaterThanOrEqual(1400);
    });

    it('keeps one waiting job per key of a one-per-key kind', async () => {
      expect(await s.queue.enqueue(CONTRACT_KINDS.keyed, { n: 1 }, { key: 'order-4', inMs: 60_000 })).toBe(true);
      expect(await s.other.enqueue(CONTRACT_KINDS.keyed, { n: 2 }, { key: 'order-4', inMs: 60_000 })).toBe(false);
      expect(await s.queue.enqueue(CONTRACT_KINDS.keyed, { n: 3 }, { key: 'order-5', inMs: 60_000 })).toBe(true);
    });

    it('runs the jobs of one key one at a time in a one-waiting-one-running kind, across processes', async () => {
      let running = 0;
      let most = 0;
      const ran: JobData[] = [];
      const handler = async (job: Job) => {
        most = Math.max(most, ++running);
        await pause(600);
        running--;
        ran.push(job.data);
      };
      await s.queue.work(CONTRACT_KINDS.oneAtATime, handler);
      await s.other.work(CONTRACT_KINDS.oneAtATime, handler);
      expect(await s.queue.enqueue(CONTRACT_KINDS.oneAtATime, { n: 1 }, { key: 'order-6' })).toBe(true);
      await until(() => running === 1);
      // The first runs: a second may wait (one waiting), and starts only when the first has ended.
      expect(await s.other.enqueue(CONTRACT_KINDS.oneAtATime, { n: 2 }, { key: 'order-6' })).toBe(true);
      await until(() => ran.length === 2);
      expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
      expect(most).toBe(1);
    });

    it('refuses a kind it was not told of, rather than losing the job', async () => {
      await expect(s.queue.enqueue(kind('contract-unknown'), {})).rejects.toThrow('The job kind contract-unknown is not registered with the job queue');
    });

    // Last: it stops the queue.
    it('stops claiming on stop, and waits for the run under way, which completes', async () => {
      let started = false;
      let finished = false;
      const ran: JobData[] = [];
      await s.queue.work(CONTRACT_KINDS.stopping, async (job) => {
        started = true;
        await pause(800);
        finished = true;
        ran.push(job.data);
      });
      await s.queue.enqueue(CONTRACT_KINDS.stopping, { n: 1 });
      await until(() => started);
      await s.queue.stop();
      expect(finished).toBe(true);
      await s.other.enqueue(CONTRACT_KINDS.stopping, { n: 2 });
      await pause(1200);
      expect(ran).toEqual([{ n: 1 }]);
      expect((await s.other.failed(50)).filter((job) => job.name === 'contract-stopping')).toEqual([]);
    });
  });
