import { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { DayRange } from '../../core/reports/domain/report';
import { CATALOGUE_VERSION } from './change-feed';
import { dayBefore, daysOf, monthEndOf, monthStartOf, monthsOf, monthsTouched, nextDay, rangeParts } from './rollup-days';

/**
 * A rollup of migration 031 ranked by one figure: product_sales by revenue in each currency,
 * product_downloads by downloads. Every name here is fixed by the store, never the caller's text.
 */
export interface RankedRollup {
  readonly table: 'product_sales' | 'product_downloads';
  /** Ranked most first, ties by product id. Never negative in a row: it sums what was paid or downloaded. */
  readonly rank: 'revenue_minor' | 'downloads';
  /** A product is in the answer while this sums above zero. */
  readonly present: 'units' | 'downloads';
  /** Every figure the answer sums, the rank among them. */
  readonly sums: readonly string[];
  /** Ranked apart within each value of this column (a pound is never ranked against a dollar), or all together. */
  readonly groups?: { readonly column: 'currency'; readonly values: readonly string[] };
}

/** One ranked product: its group ('' when all are ranked together), place in it from 1, title, and each sum (as the driver gives bigints). */
export type RankedRow = { readonly product_id: string; readonly grp: string; readonly n: number; readonly title: string } & Readonly<Record<string, string | number>>;

/**
 * How many of each month's best a candidate read takes, per place asked for. A larger margin proves
 * more ranges but reads more rows; with sales as stores see them (few products selling far above
 * the rest) three times the places answers a year's ranking from its months' heads.
 */
const MARGIN = 3;

/** How many answers (ranges and limits) each rollup keeps: the report's few presets, and some chosen by hand. */
const KEPT_ANSWERS = 64;

/**
 * What a kept answer was read with: the rollup's version (migration 038, its rows' changes in slot
 * order) and the catalogue's (whose changes rename the products named in it).
 */
const VERSION = `select (select string_agg(changes::text, '.' order by slot) from rollup_versions where rollup = ?)
  || ':' || ${CATALOGUE_VERSION} as version`;

interface Kept {
  /** The version the answer is for, once read; before, the one its reader saw first. */
  version: string | undefined;
  readonly rows: Promise<RankedRow[]>;
}

/**
 * The top of a rollup over any range, exact, read for the most part from bounded lists: each month's
 * head in the order of the index of migration 035, never every product sold in the range when those
 * heads prove the answer. See `top` for the proof, and the full read it falls back on.
 */
export class RollupTop {
  /** The answers read, each used while neither version has moved: reads at once of a changed one share one read. */
  private readonly kept = new LRUCache<string, Kept>({ max: KEPT_ANSWERS });

  constructor(
    private readonly db: Knex,
    private readonly rollup: RankedRollup,
  ) {}

  private get groupExpr() {
    return this.rollup.groups ? this.rollup.groups.column : `''::text`;
  }

  private get groupValues(): string[] {
    return this.rollup.groups ? [...this.rollup.groups.values].sort() : [''];
  }

  private get sumsSql() {
    return this.rollup.sums.map((column) => `sum(${column}) as ${column}`).join(', ');
  }

  /** The products `picked` sums (product_id, grp, the sums), ranked in each group, the first `limit` of each with their titles. */
  private async ranked(picked: string, bindings: readonly Knex.RawBinding[], limit: number): Promise<RankedRow[]> {
    const { rank } = this.rollup;
    const { rows } = await this.db.raw<{ rows: RankedRow[] }>(
      `with picked as (${picked}), ranked as (
         select *, row_number() over (partition by grp order by ${rank} desc, product_id) as n from picked
       )
       select r.*, coalesce(p.title, r.product_id) as title
       from ranked r left join products p on p.id = r.product_id
       where r.n <= ? order by r.grp, r.n`,
      [...bindings, limit],
    );
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  }

  /**
   * The range stretched to whole months where the stretch adds nothing: "this month so far" has
   * nothing after today, so its month's rows answer it, not a row per product for every day. Two
   * probes of the rollup's key; the answer is the same, only cheaper.
   */
  private async wholeMonthsOf(range: DayRange): Promise<DayRange> {
    const { table } = this.rollup;
    const anyDay = async (after: string, until: string) =>
      (await this.db(table).where('span', 'day').where('start', '>=', after).where('start', '<=', until).first('start')) !== undefined;
    const monthStart = monthStartOf(range.from);
    const monthEnd = monthEndOf(range.to);
    const [before, afterTo] = await Promise.all([
      range.from > monthStart ? anyDay(monthStart, dayBefore(range.from)) : false,
      range.to < monthEnd ? anyDay(nextDay(range.to), monthEnd) : false,
    ]);
    return { from: before ? range.from : monthStart, to: afterTo ? range.to : monthEnd };
  }

  /**
   * The `limit` products ranked first in each group over `range`. One whole month is its monthly
   * rows' head, read in the index's order. Any other range goes by candidates: the first
   * K = limit x MARGIN of each month it touches (a month's row is at least the part of it in range,
   * as no row is negative). A product in none of those heads has, in every touched month, at most
   * that month's K-th figure (or nothing, when the month has fewer than K), so at most their sum
   * over the range. When the `limit`-th candidate, summed exactly over the range, is above that
   * sum, no other product can reach the answer, nor tie into it: the candidates' ranking is the
   * answer. A group whose heads do not prove it (sales spread evenly over many products, where
   * no bound on months' heads separates the best from the rest) is read in full.
   *
   * The answer is kept until the rollup or the catalogue changes (migration 038): a kept answer
   * costs one read of the two versions, a changed one the whole read again.
   */
  async top(range: DayRange, limit: number): Promise<RankedRow[]> {
    const key = `${range.from}|${range.to}|${limit}`;
    const seen = await this.versionIn(this.db);
    const kept = this.kept.get(key);
    if (kept && seen !== undefined && kept.version === seen) return kept.rows;
    // Its reads see one snapshot: a sale between the heads and the sums would otherwise escape the bound.
    const reading = this.db.transaction(
      async (trx) => ({ version: await this.versionIn(trx), rows: await new RollupTop(trx, this.rollup).read(range, limit) }),
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    const entry: Kept = { version: seen, rows: reading.then((read) => read.rows) };
    this.kept.set(key, entry);
    reading.then(
      (read) => (entry.version = read.version),
      () => this.kept.peek(key) === entry && this.kept.delete(key),
    );
    return entry.rows;
  }

  /** Nothing when a version's rows are missing: then no answer is kept. */
  private async versionIn(db: Knex): Promise<string | undefined> {
    const { rows } = await db.raw<{ rows: { version: string | null }[] }>(VERSION, [this.rollup.table]);
    return rows[0]?.version ?? undefined;
  }

  private async read(range: DayRange, limit: number): Promise<RankedRow[]> {
    const stretched = await this.wholeMonthsOf(range);
    const { months, before, after } = rangeParts(stretched);
    const wholeMonths = monthsOf(months);
    const days = [...daysOf(before), ...daysOf(after)];
    const [firstMonth] = wholeMonths;
    if (days.length === 0 && wholeMonths.length === 1 && firstMonth) return this.oneMonth(firstMonth, limit);

    const { unproven, rows } = await this.byCandidates(monthsTouched(stretched), wholeMonths, days, limit);
    if (unproven.length === 0) return rows;
    const full = await this.fullRead(stretched, unproven, limit);
    return [...rows, ...full].sort((a, b) => (a.grp < b.grp ? -1 : a.grp > b.grp ? 1 : a.n - b.n));
  }

  /** One month's monthly rows, the head of each group in the index's order. */
  private async oneMonth(month: string, limit: number): Promise<RankedRow[]> {
    const { table, rank, present, sums } = this.rollup;
    const match = this.rollup.groups ? `and ${this.rollup.groups.column} = g.grp` : '';
    return this.ranked(
      `select t.product_id, g.grp, ${sums.map((column) => `t.${column}`).join(', ')}
       from unnest(?::text[]) as g (grp) cross join lateral (
         select * from ${table} where span = 'month' and start = ?::date ${match} and ${present} > 0
         order by ${rank} desc, product_id limit ?
       ) as t`,
      [this.groupValues, month, limit],
      limit,
    );
  }

  /**
   * The candidates' answer and the groups it does not prove (see `top`). `touched` are the months
   * whose heads are read; `wholeMonths` and `days` the range's exact monthly and daily rows.
   */
  private async byCandidates(touched: readonly string[], wholeMonths: readonly string[], days: readonly string[], limit: number) {
    const { table, rank, present } = this.rollup;
    const heads = limit * MARGIN;
    const match = this.rollup.groups ? `and ${this.rollup.groups.column} = g.grp` : '';
    const { rows: headRows } = await this.db.raw<{ rows: { month: string; grp: string; product_id: string; rank: string | number }[] }>(
      `select to_char(m.start, 'YYYY-MM-DD') as month, g.grp, t.product_id, t.${rank} as rank
       from unnest(?::date[]) as m (start) cross join unnest(?::text[]) as g (grp) cross join lateral (
         select product_id, ${rank} from ${table} where span = 'month' and start = m.start ${match} and ${present} > 0
         order by ${rank} desc, product_id limit ?
       ) as t`,
      [[...touched], this.groupValues, heads],
    );
    // Per group: the sum of each full head's last figure (a month with fewer than K has nothing more).
    const lastOf = new Map<string, { count: number; last: number }>();
    for (const row of headRows) {
      const key = `${row.grp}|${row.month}`;
      const head = lastOf.get(key) ?? { count: 0, last: Infinity };
      lastOf.set(key, { count: head.count + 1, last: Math.min(head.last, Number(row.rank)) });
    }
    const floorOf = (grp: string, month: string) => {
      const head = lastOf.get(`${grp}|${month}`);
      return head && head.count >= heads ? head.last : 0;
    };
    const boundOf = (grp: string) => touched.reduce((sum, month) => sum + floorOf(grp, month), 0);
    // Every head shorter than K: every product sold in the range is a candidate.
    const complete = (grp: string) => touched.every((month) => (lastOf.get(`${grp}|${month}`)?.count ?? 0) < heads);
    // A candidate sums at most its heads' figures and the floor of each month it is not in: when the
    // limit-th of those is not above the bound, its exact sums cannot prove the group either.
    const hopeless = this.groupValues.filter((grp) => {
      if (complete(grp)) return false;
      const bound = boundOf(grp);
      const most = new Map<string, number>();
      for (const row of headRows)
        if (row.grp === grp) most.set(row.product_id, (most.get(row.product_id) ?? bound) + Number(row.rank) - floorOf(grp, row.month));
      const limitth = [...most.values()].sort((a, b) => b - a)[limit - 1];
      return limitth === undefined || limitth <= bound;
    });
    const candidates = [...new Set(headRows.filter((row) => !hopeless.includes(row.grp)).map((row) => row.product_id))];
    const rows =
      candidates.length === 0
        ? []
        : await this.ranked(
            `select product_id, ${this.groupExpr} as grp, ${this.sumsSql} from (
               select * from ${table} where span = 'month' and start = any(?::date[]) and product_id = any(?::text[])
               union all
               select * from ${table} where span = 'day' and start = any(?::date[]) and product_id = any(?::text[])
             ) as exact where ${this.groupExpr} = any(?::text[]) group by 1, 2 having sum(${present}) > 0`,
            [[...wholeMonths], candidates, [...days], candidates, this.groupValues.filter((grp) => !hopeless.includes(grp))],
            limit,
          );
    const unproven = this.groupValues.filter((grp) => {
      if (hopeless.includes(grp)) return true;
      if (complete(grp)) return false;
      const last = rows.filter((row) => row.grp === grp)[limit - 1];
      return last === undefined || Number(last[rank]) <= boundOf(grp);
    });
    return { unproven, rows: rows.filter((row) => !unproven.includes(row.grp)) };
  }

  /** Every product's rows over the range, summed and ranked: what the heads could not prove. */
  private async fullRead(range: DayRange, groups: readonly string[], limit: number): Promise<RankedRow[]> {
    const { table, present } = this.rollup;
    const { months, before, after } = rangeParts(range);
    // Three scans of the rollup's key (span, start): written as one condition with OR, the planner may read the whole table instead.
    const part = (span: 'day' | 'month') => `select * from ${table} where span = '${span}' and start >= ?::date and start < ?::date`;
    return this.ranked(
      `select product_id, ${this.groupExpr} as grp, ${this.sumsSql}
       from (${part('month')} union all ${part('day')} union all ${part('day')}) as covering
       where ${this.groupExpr} = any(?::text[])
       group by 1, 2 having sum(${present}) > 0`,
      [months.start, months.end, before.start, before.end, after.start, after.end, [...groups]],
      limit,
    );
  }
}
