import fc from 'fast-check';
import { SearchIndex, Searchable } from '../../adapters/persistence/search-index';
import { WHOLE_SEARCH_FIRST, matchOf, wordsOf } from '../../core/catalog/domain/search-match';
import { searchWords } from '../../core/catalog/domain/search';
import { Paging, offsetOf } from '../../core/shared/paging';

/** The rule written the plain way: every product scored, then sorted. The index must agree. */
const reference = (products: readonly Searchable[], query: string, paging: Paging) => {
  const searched = searchWords(query);
  const scored = products.flatMap(({ id, text }, position) => {
    const words = wordsOf(text);
    const best = searched.map((word) => Math.max(0, ...words.map((w) => matchOf(word, w))));
    if (!searched.length || best.some((b) => b === 0)) return [];
    const first = text.startsWith(searched.join(' ')) ? WHOLE_SEARCH_FIRST : 0;
    return [{ id, position, score: first + best.reduce((a, b) => a + b, 0) }];
  });
  scored.sort((a, b) => b.score - a.score || a.position - b.position);
  const page = scored.slice(offsetOf(paging), offsetOf(paging) + paging.limit);
  return { ids: page.map((s) => s.id), positions: page.map((s) => s.position), total: scored.length };
};

// Arabic words as the catalogue keeps them (search-text.ts), searched with diacritics, other alef
// and taa marbuta forms and typos. None with the article: the plain rule below reads 'begins with
// the search' letter by letter, where the index's Arabic words leave the article out.
const VOCABULARY = ['implant', 'implants', 'implantology', 'dental', 'dentistry', 'endodontics', 'endo', 'root', 'boot', 'canal', '2023', '2nd', 'atlas:', 'clinical', 'اسنان', 'تركيبات', 'تركيب', 'جراحه', 'طب', 'حبيب'];
const SEARCHED = [...VOCABULARY, 'implnt', 'dent', 'odont', 'ROOT', 'xyz', '2022', 'canals', 'أسنان', 'تَرْكِيبَات', 'تركيبت', 'جراحة', 'طـب', 'طبيب', '٢٠٢٣'];

// Mostly one space between words, as titles are; now and then two, or a space before the first,
// where a text has the words of the search but does not begin with it.
const text = fc
  .tuple(fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 6 }), fc.constantFrom(' ', ' ', ' ', '  '), fc.constantFrom('', '', '', ' '))
  .map(([words, gap, lead]) => lead + words.join(gap));
const products = fc
  .array(text, { minLength: 0, maxLength: 60 })
  .map((texts) => texts.map((text, i) => ({ id: `p${i}`, text })));
const query = fc.array(fc.constantFrom(...SEARCHED), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const paging = fc.record({ page: fc.integer({ min: 1, max: 4 }), limit: fc.integer({ min: 1, max: 10 }) });

describe('SearchIndex', () => {
  it('agrees with the plain rule, search after search on one index', () => {
    fc.assert(
      fc.property(products, fc.array(fc.tuple(query, paging), { minLength: 1, maxLength: 8 }), (catalogue, searches) => {
        const index = SearchIndex.of(catalogue);
        for (const [q, p] of searches) expect(index.find(q, p)).toEqual(reference(catalogue, q, p));
      }),
      { numRuns: 300 },
    );
  });

  it('ranks the whole search first, then whole words, starts, parts and typos, newest first among equals', () => {
    const index = SearchIndex.of([
      { id: 'typo', text: 'implnt care' },
      { id: 'part', text: 'the microimplant guide' },
      { id: 'start', text: 'modern implantology' },
      { id: 'whole-newer', text: 'dental implant surgery' },
      { id: 'whole-older', text: 'an implant atlas' },
      { id: 'first', text: 'implant dentistry' },
    ]);
    expect(index.find('implant', { page: 1, limit: 10 })).toMatchObject({
      ids: ['first', 'whole-newer', 'whole-older', 'start', 'part', 'typo'],
      total: 6,
    });
    expect(index.find('implant', { page: 2, limit: 4 })).toMatchObject({ ids: ['part', 'typo'], total: 6 });
  });

  it('keeps one product per line, whatever its text holds', () => {
    const index = SearchIndex.of([
      { id: 'a', text: 'two\nlines' },
      { id: 'b', text: '' },
      { id: 'c', text: 'lines' },
    ]);
    expect(index.find('two', { page: 1, limit: 10 })).toMatchObject({ ids: ['a'], total: 1 });
    expect(index.find('lines', { page: 1, limit: 10 })).toMatchObject({ ids: ['c', 'a'], total: 2 });
    expect(index.size).toBe(3);
  });

  it('finds among many products as among few', () => {
    // Few matches are put in order by sorting them, many by walking every product: both are checked.
    const text = (i: number) => (i % 50 === 0 ? `rare implant ${['alpha', 'alps', 'alto'][i % 3]} ${i}` : `common dental ${i}`);
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: `p${i}`, text: text(i) }));
    const index = SearchIndex.of(many);
    for (const q of ['rare al', 'rare implant', 'dental', 'common 49', 'implant 7']) {
      expect(index.find(q, { page: 2, limit: 20 })).toEqual(reference(many, q, { page: 2, limit: 20 }));
    }
  });
});
