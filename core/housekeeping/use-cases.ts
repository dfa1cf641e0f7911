import * as TE from 'fp-ts/TaskEither';
import { DomainError } from '../shared/errors';
import { Clock } from '../shared/ids';
import { attempt } from '../shared/task';
import { RETAINED_RECORDS, RETENTION_POLICY, RetainedRecord, RetentionPolicy, removableBefore } from './domain/retention';
import { Retention } from './ports';

export interface HousekeepingLimits {
  /** Records removed per statement: short enough that no statement holds its locks for long. */
  readonly batch: number;
  /** Batches per kind per run: one run stays short whatever piled up; the next goes on from there. */
  readonly batchesPerRun: number;
}

export const DEFAULT_HOUSEKEEPING_LIMITS: HousekeepingLimits = { batch: 500, batchesPerRun: 40 };

export type RemovedCounts = Readonly<Record<RetainedRecord, number>>;

/**
 * Removes what the retention policy lets go, every kind of record in turn. One function for the
 * composition root to schedule (and, later, a job queue to run): several processes may run it at
 * once, each removing what the others have not.
 */
export class Housekeeping {
  constructor(
    private readonly retention: Retention,
    private readonly clock: Clock,
    private readonly policy: RetentionPolicy = RETENTION_POLICY,
    private readonly limits: HousekeepingLimits = DEFAULT_HOUSEKEEPING_LIMITS,
  ) {}

  run(): TE.TaskEither<DomainError, RemovedCounts> {
    return attempt(async () => {
      const now = this.clock.now();
      const removed = {} as Record<RetainedRecord, number>;
      for (const kind of RETAINED_RECORDS) removed[kind] = await this.removeOld(kind, removableBefore(kind, now, this.policy));
      return removed;
    });
  }

  private async removeOld(kind: RetainedRecord, before: Date): Promise<number> {
    let total = 0;
    for (let batches = 0; batches < this.limits.batchesPerRun; batches++) {
      const removed = await this.retention.remove(kind, before, this.limits.batch);
      total += removed;
      if (removed < this.limits.batch) break;
    }
    return total;
  }
}
