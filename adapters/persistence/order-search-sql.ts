import { OrderFilter, STORE_STATUSES_OF } from '../../core/ordering/domain/order-filter';

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${literal(text)}%`;
const startingWith = (text: string) => `${literal(text)}%`;

/** How many of the text's words the titles' trigram index is asked for. */
const INDEXED_WORDS = 2;

/**
 * The titles sold that contain `text`, as a condition on `sold_titles t`. The trigram index reads
 * a posting list per trigram of the pattern it is given, so a whole title (38 characters: 36
 * trigrams, many of them in words most titles have, as "of" and "edition") took 4 ms of the
 * search's 6 at a million orders. It is given the text's longest words instead, in their order
 * (`%fundamentals%cariology%`: a few dozen titles in 1.5 ms), and the titles it finds are checked
 * against the whole text by `strpos`, which the index cannot answer. Written as one pattern, not a
 * LIKE per word: the planner, estimating each word alone, read every title sold in parallel. A
 * text with no word of three letters has no trigram to look up, and is matched as it is.
 */
const soldTitlesContaining = (text: string): { sql: string; bindings: string[] } => {
  const words = [...text.matchAll(/[\p{L}\p{N}]{3,}/gu)];
  if (words.length === 0) return { sql: 't.title like ?', bindings: [containing(text)] };
  const longest = [...words].sort((a, b) => b[0].length - a[0].length).slice(0, INDEXED_WORDS);
  const inOrder = longest.sort((a, b) => a.index! - b.index!).map((word) => word[0]);
  return { sql: 't.title like ? and strpos(t.title, ?) > 0', bindings: [`%${inOrder.join('%')}%`, text] };
};

/**
 * The SQL condition (on `orders o`) of an admin's filter, with its bindings: the database's form of
 * order-filter.ts `passes`. The text search is a union of three index lookups (the order number's
 * expression index and the b-tree of the buyers' addresses (a prefix) of migration 029, and the lines
 * of the titles sold that contain the text: found by trigram among the distinct titles of migration 032,
 * then by the lines' b-tree of titles) rather than one OR, which the planner could only answer by
 * reading every order.
 */
export const filterSql = (filter: OrderFilter): { sql: string; bindings: (string | boolean | string[])[] } => {
  const parts: string[] = ['true'];
  const bindings: (string | boolean | string[])[] = [];
  if (filter.text !== undefined) {
    const titles = soldTitlesContaining(filter.text);
    parts.push(`o.id in (
      select id from orders where id = ? or right(id, 6) = ?
      union select id from orders where lower(buyer_email) like ?
      union select l.order_id from sold_titles t join order_lines l on lower(l.title) = t.title where ${titles.sql})`);
    bindings.push(filter.text, filter.text, startingWith(filter.text), ...titles.bindings);
  }
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
  return { sql: parts.join(' and '), bindings };
};
