import { Knex } from 'knex';

/**
 * Issue 21's best sellers over a year, at a million orders: when sales are spread evenly, no month's
 * head proves the year's leaders, and the exact answer sums every product's months (880,000 rows,
 * 1.6 s). It changes only when the rollup does, so each process keeps it until then
 * (rollup-top.ts): every statement that changes product_sales or product_downloads adds one to the
 * rollup's version in the same transaction, and a kept answer is used while the version is the one
 * it was read with.
 *
 * The version is spread over a few rows, each connection adding to its own, as order_tally is
 * (migration 032), so payments at once do not queue on one row's lock until they commit. Within a
 * row the additions follow one another, so the same numbers in every row mean the same committed
 * changes. A statement that changed no row (an order marked delivered runs the rollup's insert with
 * nothing to add) leaves the version alone.
 */
const ROLLUPS = ['product_sales', 'product_downloads'];

/** How many rows each version is spread over: more than the connections that sell at once. */
const VERSION_SLOTS = 16;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`create table rollup_versions (
    rollup text not null,
    slot smallint not null,
    changes bigint not null,
    primary key (rollup, slot)
  )`);
  await knex.raw(`insert into rollup_versions (rollup, slot, changes)
    select rollup, slot, 0 from unnest(?::text[]) as r (rollup) cross join generate_series(0, ${VERSION_SLOTS - 1}) slot`, [ROLLUPS]);
  // Each transition table is named only in the branch of the event that has it: PL/pgSQL plans a
  // statement when it first runs.
  await knex.raw(`create function rollup_changed() returns trigger language plpgsql as $$
    declare
      changed boolean := tg_op = 'TRUNCATE';
    begin
      if tg_op = 'DELETE' then
        changed := exists (select from removed);
      elsif tg_op <> 'TRUNCATE' then
        changed := exists (select from added);
      end if;
      if changed then
        update rollup_versions set changes = changes + 1 where rollup = tg_table_name and slot = pg_backend_pid() % ${VERSION_SLOTS};
      end if;
      return null;
    end $$`);
  for (const table of ROLLUPS) {
    await knex.raw(`create trigger ${table}_added after insert on ${table}
      referencing new table as added for each statement execute function rollup_changed()`);
    await knex.raw(`create trigger ${table}_updated after update on ${table}
      referencing old table as removed new table as added for each statement execute function rollup_changed()`);
    await knex.raw(`create trigger ${table}_removed after delete on ${table}
      referencing old table as removed for each statement execute function rollup_changed()`);
    await knex.raw(`create trigger ${table}_truncated after truncate on ${table} for each statement execute function rollup_changed()`);
  }
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ROLLUPS)
    for (const event of ['added', 'updated', 'removed', 'truncated']) await knex.raw(`drop trigger if exists ${table}_${event} on ${table}`);
  await knex.raw('drop function if exists rollup_changed()');
  await knex.raw('drop table if exists rollup_versions');
};
