import { Knex } from 'knex';
import * as catalogue from './001-catalogue';
import * as accounts from './002-accounts';
import * as signInAddresses from './003-sign-in-addresses';
import * as cacheChanges from './004-cache-changes';
import * as orders from './005-orders';
import * as storeSecrets from './007-store-secrets';
import * as backOffice from './008-back-office';
import * as passwordResets from './009-password-resets';
import * as externalIdentities from './010-external-identities';
import * as catalogueVersion from './011-catalogue-version';
import { productsFreeInOneCurrency } from './012-free-in-one-currency';
import * as connectGoogle from './013-connect-google';
import * as mailPerAddress from './014-mail-per-address';
import * as retention from './015-retention';
import * as anyRegisteredProvider from './016-any-registered-provider';
import * as orderLife from './017-order-life';
import * as paymentReceipts from './018-payment-receipts';
import * as productFiles from './020-product-files';
import * as jobQueue from './021-job-queue';
import * as guestCheckout from './022-guest-checkout';
import * as guestDownloadsAndReading from './023-guest-downloads-and-reading';
import * as fileDownloadsRetention from './024-file-downloads-retention';
import * as stampedCopies from './025-stamped-copies';
import * as arabicProductText from './026-arabic-product-text';
import * as languages from './027-languages';
import * as productsTable from './028-products-table';
import * as orderSearch from './029-order-search';
import * as coupons from './030-coupons';
import * as salesReports from './031-sales-reports';
import * as customerOrdersAtScale from './032-customer-orders-at-scale';
import * as customerFigures from './033-customer-figures';
import * as productsTableAtScale from './034-products-table-at-scale';
import * as rankedRollups from './035-ranked-rollups';
import * as productChanges from './036-product-changes';
import * as refundsByState from './037-refunds-by-state';
import * as rollupVersions from './038-rollup-versions';
import * as titlesOnOrders from './039-titles-on-orders';
import * as customerFiguresInPlace from './040-customer-figures-in-place';

/** Migrations are listed here, in order, so that the same list runs under tsx, jest and any engine. */
const migrations: Record<string, Knex.Migration> = {
  '001-catalogue': catalogue,
  '002-accounts': accounts,
  '003-sign-in-addresses': signInAddresses,
  '004-cache-changes': cacheChanges,
  '005-orders': orders,
  '007-store-secrets': storeSecrets,
  '008-back-office': backOffice,
  '009-password-resets': passwordResets,
  '010-external-identities': externalIdentities,
  '011-catalogue-version': catalogueVersion,
  '013-connect-google': connectGoogle,
  '014-mail-per-address': mailPerAddress,
  '015-retention': retention,
  '016-any-registered-provider': anyRegisteredProvider,
  '017-order-life': orderLife,
  '018-payment-receipts': paymentReceipts,
  '020-product-files': productFiles,
  '021-job-queue': jobQueue,
  '022-guest-checkout': guestCheckout,
  '023-guest-downloads-and-reading': guestDownloadsAndReading,
  '024-file-downloads-retention': fileDownloadsRetention,
  '025-stamped-copies': stampedCopies,
  '026-arabic-product-text': arabicProductText,
  '027-languages': languages,
  '028-products-table': productsTable,
  '029-order-search': orderSearch,
  '030-coupons': coupons,
  '031-sales-reports': salesReports,
  '032-customer-orders-at-scale': customerOrdersAtScale,
  '033-customer-figures': customerFigures,
  '034-products-table-at-scale': productsTableAtScale,
  '035-ranked-rollups': rankedRollups,
  '036-product-changes': productChanges,
  '037-refunds-by-state': refundsByState,
  '038-rollup-versions': rollupVersions,
  '039-titles-on-orders': titlesOnOrders,
  '040-customer-figures-in-place': customerFiguresInPlace,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

/**
 * What the schema cannot hold but the operator must hear about, checked after the migrations at every
 * start (not once, as a migration runs): each answers its warning, or nothing when all is well.
 */
const startChecks: Record<string, (knex: Knex) => Promise<string | undefined>> = {
  '012-free-in-one-currency': productsFreeInOneCurrency,
};

/** Brings the schema up to date, then tells `warn` what the start checks found. */
export const migrate = async (knex: Knex, warn: (message: string) => void = console.warn): Promise<void> => {
  await knex.migrate.latest({ migrationSource: source });
  for (const check of Object.values(startChecks)) {
    const warning = await check(knex);
    if (warning) warn(warning);
  }
};

/**
 * How many of this version's migrations the database has not run (readiness). Read from knex's own
 * table directly: `migrate.list` would create the table if missing and throws on a newer version's
 * extra migrations, which an older process running beside it may safely ignore.
 */
export const pendingMigrations = async (knex: Knex): Promise<number> => {
  const done = new Set(await knex('knex_migrations').pluck('name'));
  return Object.keys(migrations).filter((name) => !done.has(name)).length;
};
