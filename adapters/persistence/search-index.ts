import { MATCH_SCORE, WHOLE_SEARCH_FIRST, matcherOf, wordsOf } from '../../core/catalog/domain/search-match';
import { MAX_SEARCH_WORDS, searchWords } from '../../core/catalog/domain/search';
import { Paging, offsetOf } from '../../core/shared/paging';

/** A listed product as the search sees it: its id, and its title and authors in one text, in lower case. */
export interface Searchable {
  readonly id: string;
  readonly text: string;
}

export interface Found {
  readonly ids: readonly string[];
  /** Where the products are in the index, for what is kept by position (kept-products.ts). */
  readonly positions: readonly number[];
  readonly total: number;
}

/** A text on one line, its words as they were. */
const oneLine = (text: string): string => text.replace(/\n/g, ' ');

/** `texts.startsWith(whole, at)`, letter by letter: startsWith takes some 200 ns on a string this long. */
const beginsWith = (texts: string, at: number, whole: string): boolean => {
  for (let i = 0; i < whole.length; i++) if (texts.charCodeAt(at + i) !== whole.charCodeAt(i)) return false;
  return true;
};

/** The words of the catalogue a searched word matches, closest first. */
type Expansion = readonly (readonly [word: number, score: number])[];

/** The best a product can score: it begins with the whole search, and has every word whole. */
const MAX_SCORE = WHOLE_SEARCH_FIRST + MAX_SEARCH_WORDS * MATCH_SCORE.whole;

/** Searched words remembered with their matches: they repeat far more than whole searches do. */
const REMEMBERED_WORDS = 10_000;

/**
 * The catalogue's titles and authors in memory, for searches that do not wait on the database.
 * Each distinct word of the catalogue lists the products that have it; a search finds the
 * catalogue's words that each searched word matches (matcherOf), then walks those lists, rarest
 * searched word first, counting how many searched words each product has met and its best score
 * for each. The work grows with the products that match, not with the catalogue.
 *
 * Products are given newest first, so among equal scores the lower position comes first.
 */
export class SearchIndex {
  private readonly words: string[] = [];
  private readonly numbers = new Map<string, number>();
  private readonly products: Uint32Array[];
  /** Where each product's text starts in `texts`. */
  private readonly starts: Uint32Array;
  private readonly expansions = new Map<string, Expansion>();
  /** Per product, which searched word it has reached (relative to a search's base) and its score so far. */
  private readonly reached: Uint32Array;
  /** A byte is enough: MAX_SCORE is 132. */
  private readonly scores: Uint8Array;
  /** The products that met every word of a search. */
  private readonly found: Uint32Array;
  /** A bit per product, set for those of one score while a page is read out in order. */
  private readonly order: Uint32Array;
  /**
   * Each product's first and second words, when its text begins with them, one space apart (the
   * vocabulary's size otherwise): whether a text begins with the whole search is mostly known from
   * them, as the texts are too large to stay in the processor's cache. `opens` marks, during a
   * search, the words a text's first or second word may be for that.
   */
  private readonly firstWords: Uint32Array;
  private readonly secondWords: Uint32Array;
  private readonly opens: Uint8Array;
  /** The highest mark made so far. */
  private top = 0;

  /** Products newest first: their ids, and their texts one per line, in lower case (one string, kept as it is). */
  constructor(
    private readonly ids: readonly string[],
    private readonly texts: string,
  ) {
    const lists: number[][] = [];
    this.starts = new Uint32Array(ids.length);
    const [firsts, seconds]: number[][] = [[], []];
    let start = 0;
    for (let position = 0; position < ids.length; position++) {
      const end = texts.indexOf('\n', start);
      this.starts[position] = start;
      const words = wordsOf(texts.slice(start, end < 0 ? undefined : end)).map((word) => {
        let n = this.numbers.get(word);
        if (n === undefined) {
          n = this.words.push(word) - 1;
          this.numbers.set(word, n);
          lists.push([]);
        }
        // Positions only grow: a word met twice in one text is listed once.
        if (lists[n][lists[n].length - 1] !== position) lists[n].push(position);
        return n;
      });
      const [first, second] = [this.words[words[0]], this.words[words[1]]];
      const firstBegins = first !== undefined && beginsWith(texts, start, first);
      const secondFollows = firstBegins && second !== undefined && beginsWith(texts, start + first.length, ` ${second}`);
      firsts.push(firstBegins ? words[0] : -1);
      seconds.push(secondFollows ? words[1] : -1);
      start = end + 1;
    }
    this.products = lists.map((list) => Uint32Array.from(list));
    this.reached = new Uint32Array(ids.length);
    this.scores = new Uint8Array(ids.length);
    this.found = new Uint32Array(ids.length);
    this.order = new Uint32Array(Math.ceil(ids.length / 32));
    const none = this.words.length;
    const orNone = (n: number) => (n < 0 ? none : n);
    this.firstWords = Uint32Array.from(firsts, orNone);
    this.secondWords = Uint32Array.from(seconds, orNone);
    this.opens = new Uint8Array(none + 1);
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
    if (!searched.length || expanded.some((e) => e.length === 0)) return { ids: [], positions: [], total: 0 };
    const cost = (e: Expansion) => e.reduce((sum, [word]) => sum + this.products[word].length, 0);
    expanded.sort((a, b) => cost(a) - cost(b));

    const base = this.nextBase(expanded.length);
    const last = expanded.length - 1;
    let total = 0;
    expanded.forEach((expansion, k) => {
      for (const [word, score] of expansion)
        total = k === 0 ? this.markFirst(word, score, base, last === 0, total) : this.markNext(word, score, base + k, k === last, total);
    });
    return this.page(total, searched, paging);
  }

  /** The products of `word` not yet marked by this search: they have met the first searched word. */
  private markFirst(word: number, score: number, base: number, collect: boolean, total: number): number {
    const { reached, scores, found } = this;
    const list = this.products[word];
    // Plain indexed loops: a search spends most of its time here, a few nanoseconds a product.
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      if (reached[p] > base) continue;
      reached[p] = base + 1;
      scores[p] = score;
      if (collect) found[total++] = p;
    }
    return total;
  }

  /** The products of `word` that have met every earlier searched word and not yet this one (a closer match of it came first). */
  private markNext(word: number, score: number, before: number, collect: boolean, total: number): number {
    const { reached, scores, found } = this;
    const list = this.products[word];
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      if (reached[p] !== before) continue;
      reached[p] = before + 1;
      scores[p] += score;
      if (collect) found[total++] = p;
    }
    return total;
  }

  /**
   * The page of the `total` products in `found` (in no order): how many there are at each score,
   * then, for each score the page falls in, those products newest first, read back in order from
   * a bitset of positions (no sorting, and work that grows with the matches, not the catalogue).
   */
  private page(total: number, searched: readonly string[], paging: Paging): Found {
    const { scores, found, order } = this;
    const counts = new Uint32Array(MAX_SCORE + 1);
    this.markBeginnings(total, searched);
    for (let i = 0; i < total; i++) counts[scores[found[i]]] += 1;
    const positions: number[] = [];
    let skip = offsetOf(paging);
    for (let level = MAX_SCORE; level > 0 && positions.length < paging.limit; level--) {
      if (counts[level] <= skip) {
        skip -= counts[level];
        continue;
      }
      for (let i = 0; i < total; i++) if (scores[found[i]] === level) order[found[i] >>> 5] |= 1 << (found[i] & 31);
      // Every marked word is read and cleared, so the bitset is empty for the next level or search.
      for (let w = 0; w < order.length; w++) {
        let bits = order[w] | 0;
        if (bits === 0) continue;
        order[w] = 0;
        for (; bits !== 0 && positions.length < paging.limit; bits ^= bits & -bits) {
          if (skip > 0) skip -= 1;
          else positions.push((w << 5) + 31 - Math.clz32(bits & -bits));
        }
      }
    }
    return { ids: positions.map((p) => this.ids[p]), positions, total };
  }

  /**
   * Puts the found products whose text begins with the whole search above every other score,
   * knowing them mostly from their first two words: for one searched word, a first word that
   * begins with it; for two, the first word itself, then a second that begins with the second;
   * for more, the first two words themselves, then the text.
   */
  private markBeginnings(total: number, searched: readonly string[]): void {
    const { scores, found, firstWords, secondWords, opens, texts, starts } = this;
    const many = searched.length;
    const opening = (word: string) => this.expansionOf(word).filter(([, score]) => score >= MATCH_SCORE.start).map(([n]) => n);
    const exactly = (word: string) => {
      const n = this.numbers.get(word);
      return n === undefined ? [] : [n];
    };
    const lead = many === 1 ? -1 : this.numbers.get(searched[0]);
    const next = many === 1 ? opening(searched[0]) : many === 2 ? opening(searched[1]) : exactly(searched[1]);
    if (lead === undefined || !next.length) return;
    const whole = searched.join(' ');
    for (const n of next) opens[n] = 1;
    for (let i = 0; i < total; i++) {
      const p = found[i];
      const begins =
        many === 1 ? opens[firstWords[p]] === 1 : firstWords[p] === lead && opens[secondWords[p]] === 1 && (many === 2 || beginsWith(texts, starts[p], whole));
      if (begins) scores[p] += WHOLE_SEARCH_FIRST;
    }
    for (const n of next) opens[n] = 0;
  }

  private expansionOf(searched: string): Expansion {
    const kept = this.expansions.get(searched);
    if (kept) return kept;
    const expansion: [number, number][] = [];
    const match = matcherOf(searched);
    this.words.forEach((word, n) => {
      const score = match(word);
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
