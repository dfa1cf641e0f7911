import * as E from 'fp-ts/Either';
import { MemoryVisits } from '../../adapters/persistence/memory/memory-visits';
import { CountryLookup } from '../../core/location/ports';
import { OTHER_PAGE } from '../../core/location/domain/store-pages';
import { MAX_TRACKED_PAGE_LENGTH, VisitorLocation } from '../../core/location/use-cases';
import { invalid } from '../../core/shared/errors';
import { FixedClock } from '../support/clock';

/** Two known addresses; every other one is unknown, as a private address is to the real lookup. */
const countries: CountryLookup = {
  countryOf: (address) => ({ '41.32.0.1': 'Egypt', '81.2.69.160': 'United Kingdom' })[address] ?? null,
};

const setUp = () => {
  const visits = new MemoryVisits();
  const clock = new FixedClock(Date.parse('2026-11-21T23:00:00Z'));
  return { visits, clock, location: new VisitorLocation(countries, visits, clock) };
};

const BAD_PAGE = invalid(`page must be a path starting with '/' of at most ${MAX_TRACKED_PAGE_LENGTH} characters`);

describe('visitor location', () => {
  it("answers the address's country, or null when the lookup does not know it", () => {
    const { location } = setUp();
    expect(location.countryOf('41.32.0.1')).toBe('Egypt');
    expect(location.countryOf('10.0.0.7')).toBeNull();
  });

  it('counts a visit under its page, without its query string, fragment or product id', async () => {
    const { location, visits } = setUp();
    expect(await location.track('/product/abc?utm_source=mail#reviews', '41.32.0.1')()).toEqual(E.right(undefined));
    expect(await location.track('/product/def', '41.32.0.1')()).toEqual(E.right(undefined));
    expect(await location.track('/category/books#top', '41.32.0.1')()).toEqual(E.right(undefined));
    expect(Object.fromEntries(visits.counts)).toEqual({
      '2026-11-21|/product/:id|Egypt': 2,
      '2026-11-21|/category/books|Egypt': 1,
    });
  });

  it('counts every path that is no page of the store as one, other', async () => {
    const { location, visits } = setUp();
    for (let i = 0; i < 20; i++) expect(await location.track(`/wp-admin/${i}.php`, '41.32.0.1')()).toEqual(E.right(undefined));
    await location.track('/product/abc/reviews', '41.32.0.1')();
    expect(Object.fromEntries(visits.counts)).toEqual({ [`2026-11-21|${OTHER_PAGE}|Egypt`]: 21 });
  });

  it.each([
    ['a relative path', 'product/abc'],
    ['an address of another site', 'https://elsewhere.test/'],
    ['nothing', ''],
    ['only a query string', '?page=2'],
    ['a path one character too long', `/${'a'.repeat(MAX_TRACKED_PAGE_LENGTH)}`],
  ])('refuses %s and counts nothing', async (_what, page) => {
    const { location, visits } = setUp();
    expect(await location.track(page, '41.32.0.1')()).toEqual(E.left(BAD_PAGE));
    expect(visits.counts.size).toBe(0);
  });

  it('accepts a path of exactly the longest length', async () => {
    const { location, visits } = setUp();
    const longest = `/product/${'a'.repeat(MAX_TRACKED_PAGE_LENGTH - '/product/'.length)}`;
    expect(longest).toHaveLength(MAX_TRACKED_PAGE_LENGTH);
    expect(await location.track(longest, '41.32.0.1')()).toEqual(E.right(undefined));
    expect([...visits.counts.keys()]).toEqual(['2026-11-21|/product/:id|Egypt']);
  });

  it('counts per day, page and country, by the clock in UTC, with Unknown for an unknown address', async () => {
    const { location, visits, clock } = setUp();
    await location.track('/', '41.32.0.1')();
    await location.track('/', '41.32.0.1')();
    await location.track('/', '81.2.69.160')();
    await location.track('/', '10.0.0.7')();
    await location.track('/search-page', '41.32.0.1')();
    clock.advance(60 * 60 * 1000); // past midnight UTC
    await location.track('/', '41.32.0.1')();
    expect(Object.fromEntries(visits.counts)).toEqual({
      '2026-11-21|/|Egypt': 2,
      '2026-11-21|/|United Kingdom': 1,
      '2026-11-21|/|Unknown': 1,
      '2026-11-21|/search-page|Egypt': 1,
      '2026-11-22|/|Egypt': 1,
    });
  });
});
