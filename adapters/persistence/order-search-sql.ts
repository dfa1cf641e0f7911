import { OrderFilter, STORE_STATUSES_OF } from '../../core/ordering/domain/order-filter';

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${literal(text)}%`;
const startingWith = (text: string) => `${literal(text)}%`;

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
    parts.push(`o.id in (
      select id from orders where id = ? or right(id, 6) = ?
      union select id from orders where lower(buyer_email) like ?
      union select l.order_id from sold_titles t join order_lines l on lower(l.title) = t.title where t.title like ?)`);
    bindings.push(filter.text, filter.text, startingWith(filter.text), containing(filter.text));
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
