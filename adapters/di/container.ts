import 'reflect-metadata';
import { Container } from 'inversify';
import Koa from 'koa';
import { Catalog, CatalogWriter } from '../../core/catalog/ports/catalog';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { CountryLookup, Visits } from '../../core/location/ports';
import { VisitorLocation } from '../../core/location/use-cases';
import { Clock } from '../../core/shared/ids';
import { GeoipCountries } from '../geo/geoip-countries';
import { createApp } from '../http/app';
import { CachedCatalog } from '../persistence/cached-catalog';
import { Database, openDatabase } from '../persistence/database';
import { KnexCatalog, currentVersion } from '../persistence/knex-catalog';
import { KnexVisits } from '../persistence/knex-visits';
import { AppConfig } from './config';
import { TOKENS } from './tokens';

export interface Store {
  readonly container: Container;
  readonly app: Koa;
  close(): Promise<void>;
}

/**
 * The composition root: the only place that picks and builds adapters. Everything is a singleton;
 * the process holds no state of its own beyond caches (DECISIONS 5).
 */
export const composeStore = async (config: AppConfig): Promise<Store> => {
  const database = await openDatabase(config.database);
  const container = new Container({ defaultScope: 'Singleton' });
  const get = <T>(token: symbol) => container.get<T>(token);

  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Database).toConstantValue(database);
  container.bind<Clock>(TOKENS.Clock).toConstantValue({ now: () => new Date() });

  const knexCatalog = new KnexCatalog(database.knex);
  const cached = new CachedCatalog(knexCatalog, () => currentVersion(database.knex), config.catalogueRefreshMs);
  await cached.start();
  container.bind<Catalog>(TOKENS.Catalog).toConstantValue(cached);
  container.bind<CatalogWriter>(TOKENS.CatalogWriter).toConstantValue({
    addMany: async (products) => {
      await knexCatalog.addMany(products);
      cached.invalidate();
    },
  });
  container.bind<CountryLookup>(TOKENS.CountryLookup).toDynamicValue(() => new GeoipCountries());
  container.bind<Visits>(TOKENS.Visits).toDynamicValue(() => new KnexVisits(database.knex));

  container.bind(TOKENS.Browse).toDynamicValue(() => new Browse(get(TOKENS.Catalog)));
  container.bind(TOKENS.SearchCatalog).toDynamicValue(() => new SearchCatalog(get(TOKENS.Catalog)));
  container
    .bind(TOKENS.VisitorLocation)
    .toDynamicValue(() => new VisitorLocation(get(TOKENS.CountryLookup), get(TOKENS.Visits), get(TOKENS.Clock)));
  container.bind(TOKENS.HttpApp).toDynamicValue(() =>
    createApp(
      { browse: get(TOKENS.Browse), search: get(TOKENS.SearchCatalog), location: get(TOKENS.VisitorLocation) },
      { trustProxy: config.trustProxy, uiDir: config.uiDir, supportEmail: config.supportEmail },
    ),
  );

  return {
    container,
    app: get<Koa>(TOKENS.HttpApp),
    close: async () => {
      cached.stop();
      await database.close();
    },
  };
};
