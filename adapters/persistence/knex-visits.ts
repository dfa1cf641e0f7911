import { Knex } from 'knex';
import { VisitCount, Visits } from '../../core/location/ports';

export class KnexVisits implements Visits {
  constructor(private readonly db: Knex) {}

  async record({ day, page, country }: VisitCount): Promise<void> {
    await this.db.raw(
      `insert into visits (day, page, country, count) values (?, ?, ?, 1)
       on conflict (day, page, country) do update set count = visits.count + 1`,
      [day, page, country],
    );
  }
}
