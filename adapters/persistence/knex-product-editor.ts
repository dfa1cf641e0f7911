import { Knex } from 'knex';
import { Actor, entryOf } from '../../core/audit/domain/audit';
import { ExchangeRate } from '../../core/catalog/domain/exchange-rate';
import { ProductFields } from '../../core/catalog/domain/product-form';
import { NewProduct } from '../../core/catalog/domain/product';
import { EditableProduct, ProductEditor, RepricePreview, Repricing, TITLES_NAMED, snapshotOf } from '../../core/catalog/ports/product-editor';
import { egp, usd } from '../../core/shared/money';
import { logChange } from './change-feed';
import { recordAudit } from './knex-audit-log';
import { EditableRow, toCount, toEditable, toRow } from './product-rows';

type Change<R> = { readonly result: R; readonly after?: EditableRow };

/** What the reprice of every product may take; shorter than the pool's wait for a silent socket. */
export const REPRICE_TIMEOUT = '60s';

/** Thrown inside the reprice's transaction so that knex rolls it back; answered as the outcome. */
class RepriceRefused extends Error {
  constructor(readonly outcome: Repricing) {
    super('reprice refused');
  }
}

/**
 * The admin's catalogue writes. Each is one transaction that changes the product, records its audit
 * entry (the product before, read under a row lock, and after) and logs the catalogue as changed,
 * so the three land together or not at all. PGlite has one connection: inside, only `trx`.
 */
export class KnexProductEditor implements ProductEditor {
  constructor(private readonly db: Knex) {}

  async forEditing(id: string): Promise<EditableProduct | undefined> {
    const row: EditableRow | undefined = await this.db('products').where({ id }).first();
    return row && toEditable(row);
  }

  async create(product: NewProduct, by: Actor): Promise<void> {
    await this.db.transaction(async (trx) => {
      const [row] = await trx('products').insert(toRow(product)).returning('*');
      await recordAudit(trx, entryOf(by, 'product-created', { subject: product._id, after: snapshotOf(toEditable(row)) }));
      await logChange(trx, 'catalogue');
    });
  }

  update(id: string, fields: ProductFields, by: Actor, madeFrom?: number): Promise<'updated' | 'missing' | 'stale'> {
    // Every column but the id and dates, search_text recomputed from the new title and authors.
    const { id: _id, created_at: _createdAt, changed_at: _changedAt, ...columns } = toRow({ ...fields, _id: id });
    // Read under the row lock: of two saves made from one version, the second finds it raised.
    return this.change(id, by, 'product-updated', async (trx, before) =>
      madeFrom !== undefined && Number(before.version) !== madeFrom ? { result: 'stale' } : { result: 'updated', after: await this.set(trx, id, by, columns) },
    );
  }

  remove(id: string, by: Actor): Promise<'removed' | 'missing' | 'unchanged'> {
    return this.change(id, by, 'product-deleted', async (trx, before) =>
      before.deleted_at !== null ? { result: 'unchanged' } : { result: 'removed', after: await this.set(trx, id, by, { deleted_at: by.at }) },
    );
  }

  /** Listed as new: its date becomes the moment it came back. */
  recreate(id: string, by: Actor): Promise<'recreated' | 'missing' | 'not-deleted'> {
    return this.change(id, by, 'product-recreated', async (trx, before) =>
      before.deleted_at === null
        ? { result: 'not-deleted' }
        : { result: 'recreated', after: await this.set(trx, id, by, { deleted_at: null, created_at: by.at }) },
    );
  }

  /**
   * One statement over every product, deleted ones too (a recreated product comes back at today's
   * rate), with egpPriceAt's sum in exact integers: cents x ten-thousandths of a pound = pounds x
   * 10^6, rounded half up. Only a product whose price moved has changed (its sitemap date). The
   * count is of products on sale, the ones the admin sees. The same
   * statement finds the rows it made free in EGP only (isFreeOrPriced, on the rows it wrote, so a
   * product added meanwhile is not blamed); any such row rolls the whole reprice back.
   */
  async repriceEgp(rate: ExchangeRate, by: Actor): Promise<Repricing> {
    try {
      return await this.db.transaction(async (trx) => {
        // About 5 s at 100,000 products: past the 5 s every other statement gets (database.ts).
        await trx.raw(`set local statement_timeout = '${REPRICE_TIMEOUT}'`);
        const { rows } = await trx.raw(
          `with repriced as (
             update products set egp_price_cents = (price_cents::bigint * ?::bigint + 500000) / 1000000 * 100, version = version + 1,
               changed_at = case when egp_price_cents = (price_cents::bigint * ?::bigint + 500000) / 1000000 * 100 then changed_at else ? end
             where not keep_egp_price
             returning title, price_cents, egp_price_cents, deleted_at
           )
           select count(*) filter (where deleted_at is null) as updated,
                  count(*) filter (where price_cents > 0 and egp_price_cents = 0) as made_free,
                  (select coalesce(array_agg(title), '{}') from (
                     select title from repriced where price_cents > 0 and egp_price_cents = 0 order by title collate "C" limit ?
                   ) as first) as titles
           from repriced`,
          [rate.tenThousandths.toString(), rate.tenThousandths.toString(), by.at, TITLES_NAMED],
        );
        const madeFree = toCount(rows[0]?.made_free);
        if (madeFree > 0) throw new RepriceRefused({ kind: 'would-give-away', count: madeFree, titles: rows[0].titles as string[] });
        const updated = toCount(rows[0]?.updated);
        await recordAudit(trx, entryOf(by, 'egp-prices-updated', { detail: { egpPerUsd: rate.egpPerUsd, updated } }));
        await logChange(trx, 'catalogue');
        return { kind: 'repriced' as const, updated };
      });
    } catch (error) {
      if (error instanceof RepriceRefused) return error.outcome;
      throw error;
    }
  }

  /** The same sum as repriceEgp, read only; examples are products on sale whose price would change. */
  async previewReprice(rate: ExchangeRate, examples: number): Promise<RepricePreview> {
    const after = '(price_cents::bigint * ?::bigint + 500000) / 1000000 * 100';
    const counts = await this.db('products')
      .whereNull('deleted_at')
      .first(this.db.raw('count(*) filter (where not keep_egp_price) as products, count(*) filter (where keep_egp_price) as kept'));
    const rows: { id: string; title: string; price_cents: number; egp_price_cents: number; after: string | number }[] = await this.db('products')
      .whereNull('deleted_at')
      .where('keep_egp_price', false)
      .whereRaw(`egp_price_cents <> ${after}`, [rate.tenThousandths.toString()])
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(examples)
      .select('id', 'title', 'price_cents', 'egp_price_cents', this.db.raw(`${after} as after`, [rate.tenThousandths.toString()]));
    return {
      products: toCount(counts?.products),
      kept: toCount(counts?.kept),
      examples: rows.map((row) => ({
        _id: row.id,
        title: row.title,
        price: usd(Number(row.price_cents)),
        before: egp(Number(row.egp_price_cents)),
        after: egp(Number(row.after)),
      })),
    };
  }

  /**
   * Reads the product under a row lock and lets `write` decide; a write that changes it (gives an
   * `after`) is recorded with the product before and after, and told to every process's cache.
   */
  private change<R>(
    id: string,
    by: Actor,
    action: 'product-updated' | 'product-deleted' | 'product-recreated',
    write: (trx: Knex.Transaction, before: EditableRow) => Promise<Change<R>>,
  ): Promise<R | 'missing'> {
    return this.db.transaction(async (trx) => {
      const before: EditableRow | undefined = await trx('products').where({ id }).forUpdate().first();
      if (!before) return 'missing' as const;
      const { result, after } = await write(trx, before);
      if (!after) return result;
      await recordAudit(trx, entryOf(by, action, { subject: id, before: snapshotOf(toEditable(before)), after: snapshotOf(toEditable(after)) }));
      await logChange(trx, 'catalogue');
      return result;
    });
  }

  /** A write of the admin's: the product's version moves, and its last change is the admin's moment. */
  private async set(trx: Knex.Transaction, id: string, by: Actor, columns: Record<string, unknown>): Promise<EditableRow> {
    const [row] = await trx('products').where({ id }).update({ ...columns, changed_at: by.at, version: trx.raw('version + 1') }).returning('*');
    return row as EditableRow;
  }
}
