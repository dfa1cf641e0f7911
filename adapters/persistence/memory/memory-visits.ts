import { VisitCount, Visits } from '../../../core/location/ports';

export class MemoryVisits implements Visits {
  readonly counts = new Map<string, number>();

  async record({ day, page, country }: VisitCount): Promise<void> {
    const key = `${day}|${page}|${country}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}
