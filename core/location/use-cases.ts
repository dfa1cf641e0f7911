import * as TE from 'fp-ts/TaskEither';
import { DomainError, invalid } from '../shared/errors';
import { Clock } from '../shared/ids';
import { attempt } from '../shared/task';
import { countedPage } from './domain/store-pages';
import { CountryLookup, Visits } from './ports';

export const MAX_TRACKED_PAGE_LENGTH = 200;
const UNKNOWN_COUNTRY = 'Unknown';

/** Where a visitor is, for the currency region, and what they visit, counted without addresses. */
export class VisitorLocation {
  constructor(
    private readonly countries: CountryLookup,
    private readonly visits: Visits,
    private readonly clock: Clock,
  ) {}

  countryOf(address: string): string | null {
    return this.countries.countryOf(address);
  }

  /**
   * Counts a visit to a page of the app under its page (domain/store-pages.ts), never the path as
   * sent: a product id, a query string or a made-up path adds no row, so the counts of a day are
   * bounded by the pages and the countries.
   */
  track(page: string, address: string): TE.TaskEither<DomainError, void> {
    return attempt(async () => {
      const path = page.split(/[?#]/)[0];
      if (!path.startsWith('/') || path.length > MAX_TRACKED_PAGE_LENGTH)
        return invalid(`page must be a path starting with '/' of at most ${MAX_TRACKED_PAGE_LENGTH} characters`);
      const day = this.clock.now().toISOString().slice(0, 10);
      const country = this.countries.countryOf(address) ?? UNKNOWN_COUNTRY;
      await this.visits.record({ day, page: countedPage(path), country });
    });
  }
}
