import { MATCH_SCORE, WHOLE_SEARCH_FIRST, matchOf, wordsOf } from '../../core/catalog/domain/search-match';
import { MAX_SEARCH_WORDS, searchWords } from '../../core/catalog/domain/search';
import { Paging, offsetOf } from '../../core/shared/paging';

/** A listed product as the search sees it: its id, and its title and authors in one text. */
export interface Searchable {
  readonly id: string;
  readonly text: string;
}

export interface Found {
  readonly ids: readonly string[];
  readonly total: number;
}

/** A text on one line, its words as they were. */
const oneLine = (text: string): string => text.replace(/\n/g, ' ');

/** The words of the catalogue a searched word matches, closest first. */
type Expansion = readonly (readonly [word: number, score: number])[];

/** The best a product can score: it begins with the whole search, and has every word whole. */
const MAX_SCORE = WHOLE_SEARCH_FIRST + MAX_SEARCH_WORDS * MATCH_SCORE.whole;

/** Searched words remembered with their matches: they repeat far more than whole searches do. */
const REMEMBERED_WORDS = 10_000;

/**
 * The catalogue's titles and authors in memory, for searches that do not wait on the database.
 * Each distinct word of the catalogue lists the products that have it; a search finds the
 * catalogue's words that each searched word matches (matchOf), then walks those lists, rarest
 * searched word first, counting how many searched words each product has met and its best score
 * for each. The work grows with the products that match, not with the catalogue.
 *
 * Products are given newest first, so among equal scores the lower position comes first.
 */
export class SearchIndex {
  private readonly words: string[] = [];
  private readonly products: Uint32Array[];
  /** Where each product's text starts in `texts`. */
  private readonly starts: Uint32Array;
  private readonly expansions = new Map<string, Expansion>();
  /** Per product, which searched word it has reached (relative to a search's base) and its score so far. */
  private readonly reached: Uint32Array;
  private readonly scores: Uint16Array;
  /** The products that met every word of a search. */
  private readonly found: Uint32Array;
  /** The highest mark made so far. */
  private top = 0;

  /** Products newest first: their ids, and their texts one per line (one string, kept as it is). */
  constructor(
    private readonly ids: readonly string[],
    private readonly texts: string,
  ) {
    const numbers = new Map<string, number>();
    const lists: number[][] = [];
    this.starts = new Uint32Array(ids.length);
    let start = 0;
    for (let position = 0; position < ids.length; position++) {
      const end = texts.indexOf('\n', start);
      this.starts[position] = start;
      for (const word of wordsOf(texts.slice(start, end < 0 ? undefined : end))) {
        let n = numbers.get(word);
        if (n === undefined) {
          n = this.words.push(word) - 1;
          numbers.set(word, n);
          lists.push([]);
        }
        // Positions only grow: a word met twice in one text is listed once.
        if (lists[n][lists[n].length - 1] !== position) lists[n].push(position);
      }
      start = end + 1;
    }
    this.products = lists.map((list) => Uint32Array.from(list));
    this.reached = new Uint32Array(ids.length);
    this.scores = new Uint16Array(ids.length);
    this.found = new Uint32Array(ids.length);
  }

  static of(entries: readonly Searchable[]): SearchIndex {
    return new SearchIndex(entries.map((e) => e.id), entries.map((e) => oneLine(e.text)).join('\n'));
  }

  get size(): number {
    return this.ids.length;
  }

  find(query: string, paging: Paging): Found {
    const searched = searchWords(query);
    const expanded = searched.map((word) => this.expansionOf(word));
    if (!searched.length || expanded.some((e) => e.length === 0)) return { ids: [], total: 0 };
    const cost = (e: Expansion) => e.reduce((sum, [word]) => sum + this.products[word].length, 0);
    expanded.sort((a, b) => cost(a) - cost(b));

    const base = this.nextBase(expanded.length);
    const last = expanded.length - 1;
    const { reached, scores, found } = this;
    let total = 0;
    expanded.forEach((expansion, k) => {
      const first = k === 0;
      for (const [word, score] of expansion) {
        const list = this.products[word];
        for (let i = 0; i < list.length; i++) {
          const p = list[i];
          // Reached every earlier word, and not yet this one (a closer match of it came first).
          if (first ? reached[p] > base : reached[p] !== base + k) continue;
          reached[p] = base + k + 1;
          scores[p] = first ? score : scores[p] + score;
          if (k === last) found[total++] = p;
        }
      }
    });
    return this.page(base + expanded.length, total, searched.join(' '), paging);
  }

  /**
   * The page of the `total` products in `found` (in no order, each marked `done`): newest first, by sorting them when
   * they are few, or by a walk of every product's mark when they are many; then how many there are
   * at each score, and the page from the scores it falls in.
   */
  private page(done: number, total: number, whole: string, paging: Paging): Found {
    const { reached, scores, starts, texts, found } = this;
    if (total * 16 < reached.length) found.subarray(0, total).sort();
    else for (let p = 0, n = 0; p < reached.length; p++) if (reached[p] === done) found[n++] = p;
    const counts = new Uint32Array(MAX_SCORE + 1);
    for (let i = 0; i < total; i++) {
      const p = found[i];
      if (texts.startsWith(whole, starts[p])) scores[p] += WHOLE_SEARCH_FIRST;
      counts[scores[p]] += 1;
    }
    const ids: string[] = [];
    let skip = offsetOf(paging);
    for (let level = MAX_SCORE; level > 0 && ids.length < paging.limit; level--) {
      if (counts[level] <= skip) {
        skip -= counts[level];
        continue;
      }
      for (let i = 0; i < total && ids.length < paging.limit; i++) {
        if (scores[found[i]] !== level) continue;
        if (skip > 0) skip -= 1;
        else ids.push(this.ids[found[i]]);
      }
    }
    return { ids, total };
  }

  private expansionOf(searched: string): Expansion {
    const kept = this.expansions.get(searched);
    if (kept) return kept;
    const expansion: [number, number][] = [];
    this.words.forEach((word, n) => {
      const score = matchOf(searched, word);
      if (score > 0) expansion.push([n, score]);
    });
    expansion.sort((a, b) => b[1] - a[1]);
    if (this.expansions.size >= REMEMBERED_WORDS) this.expansions.clear();
    this.expansions.set(searched, expansion);
    return expansion;
  }

  /** Marks above every mark made so far: the last search's marks mean nothing to this one. */
  private nextBase(words: number): number {
    if (this.top + words >= 0xffffffff) {
      this.reached.fill(0);
      this.top = 0;
    }
    const base = this.top;
    this.top += words;
    return base;
  }
}
