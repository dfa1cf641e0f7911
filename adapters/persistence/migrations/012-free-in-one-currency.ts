import { Knex } from 'knex';
import { freeInOneCurrencyReport, isFreeOrPriced } from '../../../core/catalog/domain/free';
import { egp, usd } from '../../../core/shared/money';

/**
 * DECISIONS 22 came after products were stored: one may be free in one currency only (the editor
 * took USD 29.99 with EGP 0). No CHECK constraint holds the rule here: it would turn the soft delete
 * or any other write of such an old row into a 500. Instead the store names them in its log at every
 * start, not once at the upgrade, since a line seen once scrolls away while the products stay
 * unorderable (the checkout refuses them) until an admin fixes them.
 *
 * The query only narrows to products with a zero price (a few per cent of a catalogue); the core's
 * rule decides which of them are broken.
 */
export const productsFreeInOneCurrency = async (knex: Knex): Promise<string | undefined> => {
  // egp_price_cents is a bigint (008), which node-postgres answers as text.
  const rows: { id: string; title: string; price_cents: number; egp_price_cents: number | string; deleted_at: Date | null }[] = await knex('products')
    .select('id', 'title', 'price_cents', 'egp_price_cents', 'deleted_at')
    .where('price_cents', 0)
    .orWhere('egp_price_cents', 0)
    .orderBy('id');
  const broken = rows
    .filter((row) => !isFreeOrPriced({ price: usd(row.price_cents), egpprice: egp(Number(row.egp_price_cents)) }))
    .map((row) => ({ _id: row.id, title: row.deleted_at ? `${row.title} (deleted)` : row.title }));
  return broken.length > 0 ? freeInOneCurrencyReport(broken) : undefined;
};
