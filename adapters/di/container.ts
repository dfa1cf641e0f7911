import 'reflect-metadata';
import { Container } from 'inversify';
import Koa from 'koa';
import { Browse } from '../../core/catalog/use-cases/browse';
import { SearchCatalog } from '../../core/catalog/use-cases/search';
import { CountryLookup, Visits } from '../../core/location/ports';
import { VisitorLocation } from '../../core/location/use-cases';
import { Clock } from '../../core/shared/ids';
import { GeoipCountries } from '../geo/geoip-countries';
import { createApp } from '../http/app';
import { ResponseCache } from '../http/response-cache';
import { CachedCatalog, CatalogWriterThatTells } from '../persistence/cached-catalog';
import { Database, openDatabase } from '../persistence/database';
import { KnexCatalog } from '../persistence/knex-catalog';
import { ChangeFeed } from '../persistence/change-feed';
import { CachedCarts, CachedSessions, UsersThatTell } from '../persistence/cached-accounts';
import { KnexVisits } from '../persistence/knex-visits';
import { Argon2Hasher } from '../identity/argon2-hasher';
import { KnexCarts } from '../persistence/knex-carts';
import { KnexSessions, KnexSignInThrottle, KnexUsers } from '../persistence/knex-accounts';
import { ObjectIds } from '../system/object-ids';
import { AdminAtStart } from '../../core/identity/use-cases/admin-at-start';
import { Profile } from '../../core/identity/use-cases/profile';
import { SignIn } from '../../core/identity/use-cases/sign-in';
import { SignUp } from '../../core/identity/use-cases/sign-up';
import { Cart } from '../../core/cart/use-cases';
import { AppConfig } from './config';
import { TOKENS, Token } from './tokens';

export interface Store {
  readonly container: Container;
  readonly app: Koa;
  /** What the container holds under a token, typed by the token. */
  get<T>(token: Token<T>): T;
  close(): Promise<void>;
}

/**
 * The composition root: the only place that picks and builds adapters. Everything is a singleton;
 * the process holds no state of its own beyond caches (DECISIONS 5).
 */
export const composeStore = async (config: AppConfig): Promise<Store> => {
  const database = await openDatabase(config.database);
  const container = new Container({ defaultScope: 'Singleton' });
  const get = <T>(token: Token<T>): T => container.get<T>(token);
  const bind = <T>(token: Token<T>) => container.bind<T>(token);

  bind(TOKENS.Config).toConstantValue(config);
  bind(TOKENS.Database).toConstantValue(database);
  bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });

  // Caches of several processes stay consistent through a log of what changed (ChangeFeed).
  const changes = new ChangeFeed(database.knex, config.catalogueRefreshMs);
  await changes.start().catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const responseCache = new ResponseCache();
  changes.on('catalogue', () => responseCache.clear());

  const knexCatalog = new KnexCatalog(database.knex);
  bind(TOKENS.Catalog).toConstantValue(new CachedCatalog(knexCatalog, changes));
  bind(TOKENS.CatalogWriter).toConstantValue(new CatalogWriterThatTells(knexCatalog, changes));
  bind(TOKENS.CountryLookup).toDynamicValue(() => new GeoipCountries());
  bind(TOKENS.Visits).toDynamicValue(() => new KnexVisits(database.knex));

  bind(TOKENS.IdGenerator).toConstantValue(new ObjectIds());
  bind(TOKENS.Users).toDynamicValue(() => new UsersThatTell(new KnexUsers(database.knex), changes));
  bind(TOKENS.PasswordHasher).toDynamicValue(() => new Argon2Hasher(config.argon2));
  bind(TOKENS.Sessions).toDynamicValue(() => new CachedSessions(new KnexSessions(database.knex, get(TOKENS.Clock)), changes, get(TOKENS.Clock)));
  bind(TOKENS.SignInThrottle).toDynamicValue(() => new KnexSignInThrottle(database.knex, get(TOKENS.Clock)));
  bind(TOKENS.Carts).toDynamicValue(() => new CachedCarts(new KnexCarts(database.knex), changes));

  bind(TOKENS.Browse).toDynamicValue(() => new Browse(get(TOKENS.Catalog)));
  bind(TOKENS.SearchCatalog).toDynamicValue(() => new SearchCatalog(get(TOKENS.Catalog)));
  bind(TOKENS.VisitorLocation)
    .toDynamicValue(() => new VisitorLocation(get(TOKENS.CountryLookup), get(TOKENS.Visits), get(TOKENS.Clock)));
  bind(TOKENS.SignUp).toDynamicValue(
    () => new SignUp(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.IdGenerator), get(TOKENS.Sessions), get(TOKENS.SignInThrottle), get(TOKENS.Clock)),
  );
  bind(TOKENS.SignIn).toDynamicValue(
    () => new SignIn(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.Sessions), get(TOKENS.SignInThrottle), get(TOKENS.Clock)),
  );
  bind(TOKENS.Profile).toDynamicValue(() => new Profile(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.SignInThrottle)));
  bind(TOKENS.AdminAtStart).toDynamicValue(() => new AdminAtStart(get(TOKENS.Users), get(TOKENS.PasswordHasher), get(TOKENS.IdGenerator)));
  bind(TOKENS.Cart).toDynamicValue(() => new Cart(get(TOKENS.Carts), get(TOKENS.Catalog)));
  bind(TOKENS.HttpApp).toDynamicValue(() =>
    createApp(
      {
        browse: get(TOKENS.Browse),
        search: get(TOKENS.SearchCatalog),
        location: get(TOKENS.VisitorLocation),
        signUp: get(TOKENS.SignUp),
        signIn: get(TOKENS.SignIn),
        profile: get(TOKENS.Profile),
        cart: get(TOKENS.Cart),
      },
      { trustProxy: config.trustProxy, uiDir: config.uiDir, supportEmail: config.supportEmail, responseCache },
    ),
  );

  return {
    container,
    app: get(TOKENS.HttpApp),
    get,
    close: async () => {
      changes.stop();
      await database.close();
    },
  };
};
