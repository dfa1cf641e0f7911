import { OrderCursor, OrderFilter, STORE_STATUSES_OF } from '../../core/ordering/domain/order-filter';
import { TITLES_SEPARATOR } from './migrations/039-titles-on-orders';

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${literal(text)}%`;
const startingWith = (text: string) => `${literal(text)}%`;

/** How many of the text's words the titles' trigram index is asked for, and how many of each one's first letters. */
const INDEXED_WORDS = 2;
const INDEXED_LETTERS = 6;

/**
 * Where a column of titles (`t.title`, one title sold; `o.titles`, an order's, migration 039) has
 * one containing `text`. The trigram index of titles sold reads a posting list per trigram of the
 * pattern it is given, so a whole title (38 characters: 36 trigrams, many of them in words most
 * titles have, as "of" and "edition") took 4 ms of the search's 6 at a million orders. It is given
 * the start of the text's two longest words instead, in their order (`%fundam%cariol%`: 8
 * trigrams, the same few dozen titles, in 0.4 ms), and `strpos` checks what it finds against the
 * whole text, which the index cannot answer. Written as one pattern, not a LIKE per word: the
 * planner, estimating each word alone, read every title sold in parallel. A text with no word of
 * three letters has no trigram to look up, and is matched as it is. An order's titles are one to a
 * line of text: a text across lines is no title's.
 */
const containingTitle = (text: string, column: string): { sql: string; bindings: string[] } => {
  if (text.includes(TITLES_SEPARATOR)) return { sql: 'false', bindings: [] };
  const words = [...text.matchAll(/[\p{L}\p{N}]{3,}/gu)];
  if (words.length === 0) return { sql: `${column} like ?`, bindings: [containing(text)] };
  const longest = [...words].sort((a, b) => b[0].length - a[0].length).slice(0, INDEXED_WORDS);
  const inOrder = longest.sort((a, b) => a.index! - b.index!).map((word) => word[0].slice(0, INDEXED_LETTERS));
  return { sql: `${column} like ? and strpos(${column}, ?) > 0`, bindings: [`%${inOrder.join('%')}%`, text] };
};

/**
 * From how many titles sold a text is found by walking the newest orders, reading their titles on
 * the row, rather than by looking up the lines of each title. At a million orders a title sells
 * about 50 times: 150 titles are some 7,500 lines, which cost about as much to look up (1.5 µs
 * each) as the walk costs to find a page and its count among them (about 1 µs an order walked).
 */
export const TITLES_WALKED_FROM = 150;

/**
 * How a text search reaches the orders of the titles that have it: the titles sold that do, whose
 * lines are looked up, or 'walk' when there are too many of them (titlesSoldSql).
 */
export type TitlesFound = readonly string[] | 'walk';

type Bindings = (string | boolean | string[] | number)[];

/**
 * A filter's condition on `orders o`; for a text search, also its `enough` newest matches as rows
 * of (id, created_at), which a page and its count read without going back to the orders.
 */
export interface Condition {
  readonly sql: string;
  readonly bindings: Bindings;
  readonly matched?: { readonly sql: string; readonly bindings: Bindings };
}

/**
 * The SQL condition (on `orders o`) of an admin's filter, with its bindings: the database's form of
 * order-filter.ts `passes`, for the `enough` newest orders it picks (after `after`, when given).
 *
 * The text search is found in two parts, each its own newest `enough`, then together: the order
 * number and the buyer's address (one bitmap of the id's key, the number's expression index and the
 * b-tree of addresses of migration 029, a prefix), and the orders of the titles that contain the
 * text. When few titles sold have it, their lines are looked up (migration 032); when many do
 * (`titles`, from titlesSoldSql), the newest orders are walked and their titles read on the row
 * (migration 039) until there are enough: "atlas" has 177,000 lines at a million orders. When the
 * parts were joined before the newest were picked, every line of the matching titles was read (2 to
 * 3 s for "atlas"); with the titles in one OR beside the rest, the planner could only read every order.
 */
export const filterSql = (filter: OrderFilter, enough: number, after: OrderCursor | undefined, titles: TitlesFound): Condition => {
  const parts: string[] = ['true'];
  const bindings: Bindings = [];
  if (filter.status === 'delivered') parts.push('o.delivered');
  else if (filter.status) {
    parts.push('o.status = any(?)');
    bindings.push([...STORE_STATUSES_OF[filter.status]]);
  }
  for (const [column, value] of [
    ['o.method', filter.provider],
    ['o.payment_method', filter.method],
    ['o.currency', filter.currency],
  ] as const) {
    if (value === undefined) continue;
    parts.push(`${column} = ?`);
    bindings.push(value);
  }
  if (filter.from !== undefined) {
    parts.push('o.created_at >= ?');
    bindings.push(filter.from);
  }
  if (filter.to !== undefined) {
    parts.push('o.created_at < ?');
    bindings.push(filter.to);
  }
  if (after) {
    parts.push('(o.created_at, o.id) < (?, ?)');
    bindings.push(after.createdAt, after.id);
  }
  const base = { sql: parts.join(' and '), bindings };
  if (filter.text === undefined) return base;
  const text = filter.text;
  const textParts = [
    {
      sql: `(o.id = ? or right(o.id, 6) = ? or lower(o.buyer_email) like ?)`,
      bindings: [text, text, startingWith(text)],
    },
    titles === 'walk'
      ? containingTitle(text, 'o.titles')
      : titles.length === 0
        ? { sql: 'false', bindings: [] }
        : { sql: 'o.id in (select l.order_id from order_lines l where lower(l.title) = any(?))', bindings: [[...titles]] },
  ];
  // Each part's `orders o` is its own: the base condition reads the same there as outside.
  const newest = textParts.map((part) => `(select o.id, o.created_at from orders o where ${base.sql} and ${part.sql} order by o.created_at desc, o.id desc limit ?)`);
  const matched = { sql: newest.join(' union '), bindings: textParts.flatMap((part) => [...base.bindings, ...part.bindings, enough]) };
  return { sql: `${base.sql} and o.id in (select id from (${matched.sql}) as matched)`, bindings: [...base.bindings, ...matched.bindings], matched };
};

/**
 * The titles sold that contain `text`, up to `enough` (TITLES_WALKED_FROM): found here once, and
 * given to filterSql, whose lookup of their lines is then planned for those very titles. Fewer
 * than `enough` are looked up; from `enough` on, the search walks the newest orders. Decided in a
 * statement of its own: gated inside the search's (a condition false before any row), the way not
 * taken was still planned, and PostgreSQL started parallel workers for it (7 to 10 ms) before
 * finding it had nothing to do.
 */
export const titlesSoldSql = (text: string, enough: number): { sql: string; bindings: (string | number)[] } => {
  const sold = containingTitle(text, 't.title');
  return { sql: `select t.title from sold_titles t where ${sold.sql} limit ?`, bindings: [...sold.bindings, enough] };
};
