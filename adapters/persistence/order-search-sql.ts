import { OrderCursor, OrderFilter, STORE_STATUSES_OF } from '../../core/ordering/domain/order-filter';

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${literal(text)}%`;
const startingWith = (text: string) => `${literal(text)}%`;

/** How many of the text's words the titles' trigram index is asked for, and how many of each one's first letters. */
const INDEXED_WORDS = 2;
const INDEXED_LETTERS = 6;

/**
 * The titles sold that contain `text`, as a condition on `sold_titles t`. The trigram index reads
 * a posting list per trigram of the pattern it is given, so a whole title (38 characters: 36
 * trigrams, many of them in words most titles have, as "of" and "edition") took 4 ms of the
 * search's 6 at a million orders. It is given the start of the text's two longest words instead,
 * in their order (`%fundam%cariol%`: 8 trigrams, the same few dozen titles, in 0.4 ms), and the
 * titles it finds are checked against the whole text by `strpos`, which the index cannot answer.
 * Written as one pattern, not a LIKE per word: the planner, estimating each word alone, read every
 * title sold in parallel. A text with no word of three letters has no trigram to look up, and is
 * matched as it is.
 */
const soldTitlesContaining = (text: string): { sql: string; bindings: string[] } => {
  const words = [...text.matchAll(/[\p{L}\p{N}]{3,}/gu)];
  if (words.length === 0) return { sql: 't.title like ?', bindings: [containing(text)] };
  const longest = [...words].sort((a, b) => b[0].length - a[0].length).slice(0, INDEXED_WORDS);
  const inOrder = longest.sort((a, b) => a.index! - b.index!).map((word) => word[0].slice(0, INDEXED_LETTERS));
  return { sql: 't.title like ? and strpos(t.title, ?) > 0', bindings: [`%${inOrder.join('%')}%`, text] };
};

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
 * b-tree of addresses of migration 029, a prefix), and the orders of the titles sold that contain
 * the text (migration 032). The titles' part alone lets the planner choose by how many lines it
 * finds: those few lines' orders for a whole title, or a walk of the newest orders for a word many
 * titles have ("atlas": 177,000 lines at a million orders). When the parts were joined before the
 * newest were picked, every line of the matching titles was read (2 to 3 s for "atlas"); with the
 * titles in one OR beside the rest, the planner could only read every order.
 */
export const filterSql = (filter: OrderFilter, enough: number, after?: OrderCursor): Condition => {
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
  const titles = soldTitlesContaining(filter.text);
  const textParts = [
    {
      sql: `(o.id = ? or right(o.id, 6) = ? or lower(o.buyer_email) like ?)`,
      bindings: [filter.text, filter.text, startingWith(filter.text)],
    },
    { sql: `o.id in (select l.order_id from sold_titles t join order_lines l on lower(l.title) = t.title where ${titles.sql})`, bindings: titles.bindings },
  ];
  // Each part's `orders o` is its own: the base condition reads the same there as outside.
  const newest = textParts.map((part) => `(select o.id, o.created_at from orders o where ${base.sql} and ${part.sql} order by o.created_at desc, o.id desc limit ?)`);
  const matched = { sql: newest.join(' union '), bindings: textParts.flatMap((part) => [...base.bindings, ...part.bindings, enough]) };
  return { sql: `${base.sql} and o.id in (select id from (${matched.sql}) as matched)`, bindings: [...base.bindings, ...matched.bindings], matched };
};
