/** Names of what the container holds. Only adapters/di and the entry points use them. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Database: Symbol.for('Database'),
  Clock: Symbol.for('Clock'),
  Catalog: Symbol.for('Catalog'),
  CatalogWriter: Symbol.for('CatalogWriter'),
  CountryLookup: Symbol.for('CountryLookup'),
  Visits: Symbol.for('Visits'),
  Browse: Symbol.for('Browse'),
  SearchCatalog: Symbol.for('SearchCatalog'),
  VisitorLocation: Symbol.for('VisitorLocation'),
  HttpApp: Symbol.for('HttpApp'),
} as const;
