import { Knex } from 'knex';
import { CustomerRef, CustomerSummary, SPENDING_STATUSES } from '../../core/ordering/domain/customer';
import { CustomerDirectory, CustomerDownload } from '../../core/ordering/ports/customers';
import { Paging, offsetOf } from '../../core/shared/paging';
import { Currency, money } from '../../core/shared/money';
import { toCount } from './product-rows';

interface CustomerRow {
  kind: 'account' | 'guest';
  id: string | null;
  name: string;
  email: string;
  orders: string | number;
  last_order_at: Date | string | null;
  /** {"EGP": 190000, "USD": 3998}, or null without a paid order. */
  spent: Record<string, string | number> | null;
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SPENDING = SPENDING_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Accounts (not admins) and guest addresses that still have guest orders, each side in address
 * order. With `first`, each side gives only its first `first` (the page's offset plus its limit):
 * the page is among them, and each side then walks its own index (users_email, guest_customers'
 * key) and stops, where one sort of the whole union would read every customer per request.
 */
const customersSql = (search: string | undefined, first?: number): { sql: string; bindings: (string | number)[] } => {
  const like = search === undefined ? undefined : containing(search);
  const limit = first === undefined ? '' : ' limit ?';
  return {
    sql: `
      (select 'account' as kind, u.id, u.username as name, u.email, lower(u.email) as sort_key from users u
        where u.role = 'User'${like ? ' and (lower(u.username) like ? or lower(u.email) like ?)' : ''}
        order by lower(u.email)${limit})
      union all
      (select 'guest', null, '', g.email, g.email from guest_customers g
        where exists (select 1 from orders o where o.user_id is null and o.buyer_email = g.email)${like ? ' and g.email like ?' : ''}
        order by g.email${limit})`,
    bindings: [...(like ? [like, like] : []), ...(first === undefined ? [] : [first]), ...(like ? [like] : []), ...(first === undefined ? [] : [first])],
  };
};

/**
 * A customer's figures from their orders' own index (orders_of_user, orders_of_guest): a page's
 * twenty customers cost twenty index ranges, never a pass over every order.
 */
const FIGURES = `
  select c.*, f.orders, f.last_order_at, s.spent
  from page c
  cross join lateral (
    select count(*) as orders, max(o.created_at) as last_order_at from orders o
    where (c.kind = 'account' and o.user_id = c.id) or (c.kind = 'guest' and o.user_id is null and o.buyer_email = c.email)
  ) f
  cross join lateral (
    select json_object_agg(currency, minor) as spent from (
      select o.currency, sum(o.total_minor - o.refunded_minor) as minor from orders o
      where ((c.kind = 'account' and o.user_id = c.id) or (c.kind = 'guest' and o.user_id is null and o.buyer_email = c.email))
        and o.status in (${SPENDING})
      group by o.currency order by o.currency
    ) per
  ) s
  order by c.sort_key, c.kind`;

const toSummary = (row: CustomerRow): CustomerSummary => {
  const last = row.last_order_at === null ? undefined : new Date(row.last_order_at).toISOString();
  return {
    ref: row.kind === 'account' ? { kind: 'account', id: row.id! } : { kind: 'guest', email: row.email },
    name: row.name,
    email: row.email,
    orders: toCount(row.orders),
    spent: Object.entries(row.spent ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, minor]) => money(Number(minor), currency as Currency)),
    ...(last ? { lastOrderAt: last } : {}),
  };
};

/** The back office's customers in PostgreSQL (issue 21); guests' addresses are kept by migration 029's guest_customers. */
export class KnexCustomers implements CustomerDirectory {
  constructor(private readonly db: Knex) {}

  async list(search: string | undefined, paging: Paging, countCap: number) {
    const firsts = customersSql(search, offsetOf(paging) + paging.limit);
    const { rows }: { rows: CustomerRow[] } = await this.db.raw(
      `with page as (select * from (${firsts.sql}) c order by c.sort_key, c.kind limit ? offset ?) ${FIGURES}`,
      [...firsts.bindings, paging.limit, offsetOf(paging)],
    );
    const all = customersSql(search);
    const counted = await this.db.raw<{ rows: { total: string | number }[] }>(`select count(*) as total from (select 1 from (${all.sql}) c limit ?) found`, [
      ...all.bindings,
      countCap + 1,
    ]);
    return { items: rows.map(toSummary), total: toCount(counted.rows[0]?.total) };
  }

  async find(ref: CustomerRef) {
    const page =
      ref.kind === 'account'
        ? { sql: `select 'account' as kind, u.id, u.username as name, u.email, lower(u.email) as sort_key from users u where u.id = ?`, bindings: [ref.id] }
        : {
            sql: `select 'guest' as kind, null as id, '' as name, g.email, g.email as sort_key from guest_customers g
                  where g.email = ? and exists (select 1 from orders o where o.user_id is null and o.buyer_email = g.email)`,
            bindings: [ref.email],
          };
    const { rows }: { rows: CustomerRow[] } = await this.db.raw(`with page as (${page.sql}) ${FIGURES}`, page.bindings);
    return rows[0] && toSummary(rows[0]);
  }

  async downloadsOf(ref: CustomerRef, limit: number): Promise<readonly CustomerDownload[]> {
    const owner = ref.kind === 'account' ? 'o.user_id = ?' : 'o.user_id is null and o.buyer_email = ?';
    const key = ref.kind === 'account' ? ref.id : ref.email;
    const { rows }: { rows: { order_id: string; product_id: string; title: string; at: Date | string; purpose: CustomerDownload['purpose'] }[] } = await this.db.raw(
      `select * from (
         select d.order_id, d.product_id, l.title, d.at, 'link' as purpose
           from orders o join downloads d on d.order_id = o.id join order_lines l on l.order_id = d.order_id and l.product_id = d.product_id where ${owner}
         union all
         select f.order_id, f.product_id, l.title, f.at, f.purpose
           from orders o join file_downloads f on f.order_id = o.id and f.completed join order_lines l on l.order_id = f.order_id and l.product_id = f.product_id where ${owner}
       ) d order by d.at desc limit ?`,
      [key, key, limit],
    );
    return rows.map((r) => ({ orderId: r.order_id, productId: r.product_id, title: r.title, at: new Date(r.at).toISOString(), purpose: r.purpose }));
  }
}
