import { MemoryAuditLog } from '../../adapters/persistence/memory/memory-audit-log';
import { MemoryJobs } from '../../adapters/persistence/memory/memory-jobs';
import { ADMINS_ONLY } from '../../core/identity/domain/rights';
import { User } from '../../core/identity/domain/user';
import { BAD_JOB_ID, BackgroundJobs, FAILED_JOBS_SHOWN, JOB_NOT_FAILED } from '../../core/jobs/use-cases';
import { NOT_SIGNED_IN } from '../../core/identity/domain/user';
import { JobKind } from '../../core/shared/jobs';
import { FixedClock } from '../support/clock';

const STAMP: JobKind<{ orderId: string }> = { name: 'stamp-files', retries: 0, retryDelaySeconds: 0, backoff: false, expireSeconds: 60 };
const admin: User = { id: 'a'.repeat(24), username: 'Owner', email: 'owner@store.test', role: 'Admin' };
const shopper: User = { id: 'b'.repeat(24), username: 'Hana', email: 'hana@mail.test', role: 'User' };

/** A queue whose one job of STAMP failed its only run. */
const withFailedJob = async () => {
  const audit = new MemoryAuditLog();
  const jobs = new MemoryJobs([STAMP], audit);
  await jobs.enqueue(STAMP, { orderId: 'order-1' });
  await jobs.work(STAMP, async () => {
    throw new Error('The PDF could not be read');
  });
  while (!(await jobs.failed(1)).length) await new Promise((resolve) => setTimeout(resolve, 5));
  await jobs.stop();
  return { jobs, audit, useCase: new BackgroundJobs(jobs, new FixedClock()) };
};

describe('the admin and the failed jobs', () => {
  it('shows the failed jobs to an admin only', async () => {
    const { useCase } = await withFailedJob();
    expect(await useCase.failed(undefined)()).toEqual({ _tag: 'Left', left: expect.objectContaining({ kind: 'unauthorized', message: NOT_SIGNED_IN }) });
    expect(await useCase.failed(shopper)()).toEqual({ _tag: 'Left', left: expect.objectContaining({ kind: 'forbidden', message: ADMINS_ONLY }) });
    const listed = await useCase.failed(admin)();
    expect(listed).toEqual({ _tag: 'Right', right: [expect.objectContaining({ name: 'stamp-files', data: { orderId: 'order-1' }, error: 'The PDF could not be read', attempts: 1 })] });
    expect(FAILED_JOBS_SHOWN).toBe(50);
  });

  it('retries a failed job for an admin, audited with who, when and what failed', async () => {
    const { jobs, audit, useCase } = await withFailedJob();
    const [failed] = await jobs.failed(1);
    expect(await useCase.retry(shopper, failed!.id)()).toMatchObject({ _tag: 'Left', left: { kind: 'forbidden' } });
    expect(await useCase.retry(admin, failed!.id.toUpperCase())()).toMatchObject({ _tag: 'Right', right: { id: failed!.id } });
    expect(jobs.jobs.get(failed!.id)).toMatchObject({ state: 'retry', retryLimit: 1 });
    expect(await audit.recent({ page: 1, limit: 5 })).toEqual([
      {
        at: '2026-11-21T10:00:00.000Z',
        actorId: admin.id,
        actorName: 'Owner',
        action: 'job-retried',
        subject: failed!.id,
        detail: { name: 'stamp-files', attempts: 1, error: 'The PDF could not be read' },
      },
    ]);
    expect(await useCase.retry(admin, failed!.id)()).toMatchObject({ _tag: 'Left', left: { kind: 'not-found', message: JOB_NOT_FAILED } });
  });

  it('refuses what is no job id before asking the queue', async () => {
    const { useCase } = await withFailedJob();
    for (const id of ['', 'x', '../../etc', `${'0'.repeat(8)}-0000-0000-0000-0000000000000`])
      expect(await useCase.retry(admin, id)()).toMatchObject({ _tag: 'Left', left: { kind: 'invalid', message: BAD_JOB_ID } });
  });
});
