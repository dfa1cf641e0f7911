/** Looks up the country of an internet address, offline. */
export interface CountryLookup {
  /** The country's English name ('Egypt'), or null when the address is unknown or private. */
  countryOf(address: string): string | null;
}

export interface VisitCount {
  readonly day: string; // YYYY-MM-DD
  /** The page counted: a pattern of STORE_PAGES (domain/store-pages.ts) or 'other', never a path as sent. */
  readonly page: string;
  readonly country: string;
}

/** Visit counts per page, country and day; never raw addresses (DECISIONS 16). */
export interface Visits {
  record(visit: VisitCount): Promise<void>;
}
