import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { BOOK_CATEGORIES, PRODUCT_TYPES } from '../../../core/catalog/domain/product';
import { PRODUCT_SORT_KEYS, type ProductSortKey } from '../../../core/catalog/domain/products-table';
import { fromDecimal, type Currency } from '../../../core/shared/money';
import { adminApi, type ProductsTablePage, type ProductsTableQuery, type ProductsTableRowData } from '../api/admin';
import { useFormat } from '../i18n/format';
import type { Report } from './CreateProductDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { messageOf } from './texts';

export const PRODUCTS_TABLE_PAGE_SIZE = 20;
/** Typing is searched once it pauses this long, not at every key. */
const SEARCH_PAUSE_MS = 250;

const COLUMN_LABEL: Record<ProductSortKey, string> = {
  title: 'table.product',
  type: 'table.typeColumn',
  category: 'table.categoryColumn',
  price: 'table.price',
  egpprice: 'table.egpprice',
  sales: 'table.sales',
  file: 'table.file',
  createdAt: 'table.sortNewest',
};
const COLUMNS: readonly ProductSortKey[] = ['title', 'type', 'category', 'price', 'egpprice', 'sales', 'file'];

export const firstQuery = (): ProductsTableQuery => ({ q: '', type: '', category: '', deleted: 'no', sort: 'createdAt', dir: 'desc', page: 1, limit: PRODUCTS_TABLE_PAGE_SIZE });

type Asking = { kind: 'delete'; row: ProductsTableRowData } | null;

/**
 * The admin's table of every product (issue 21): search by title or author, filters, sort by any
 * column, pages; from a row, edit (the spec's edit dialog, filled), duplicate, delete after asking,
 * recreate. A table at 1280 px; each row a card at 375 px (admin.css). Its page: AdminProductsPage.
 */
export function ProductsTable({ onEdit, report, changed, onChanged }: {
  onEdit: (id: string) => void;
  report: Report;
  /** raised by the page when a product changed elsewhere (the edit dialog): the table reloads */
  changed: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation('admin');
  const { money, number } = useFormat();
  const ids = { search: useId(), type: useId(), category: useId(), deleted: useId(), sort: useId() };
  const [query, setQuery] = useState<ProductsTableQuery>(firstQuery);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState<ProductsTablePage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const pause = setTimeout(() => setQuery((q) => (q.q === typed.trim() ? q : { ...q, q: typed.trim(), page: 1 })), SEARCH_PAUSE_MS);
    return () => clearTimeout(pause);
  }, [typed]);

  useEffect(() => {
    let live = true;
    adminApi.productsTable(query).then(
      (p) => {
        if (!live) return;
        setPage(p);
        setProblem(null);
      },
      (error: unknown) => live && setProblem(t('table.failed') + messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [query, changed, t]);

  const amount = (value: number, currency: Currency) => {
    const m = fromDecimal(value, currency);
    return m ? money(m) : '';
  };
  const set = (change: Partial<ProductsTableQuery>) => setQuery((q) => ({ ...q, ...change, page: change.page ?? 1 }));
  const sortBy = (key: ProductSortKey) =>
    set({ sort: key, dir: query.sort === key && query.dir === 'asc' ? 'desc' : query.sort === key ? 'asc' : key === 'sales' ? 'desc' : 'asc' });

  const act = async (id: string, task: () => Promise<void>) => {
    if (busy) return;
    setBusy(id);
    try {
      await task();
      onChanged();
    } finally {
      setBusy(null);
    }
  };
  const duplicate = (row: ProductsTableRowData) =>
    void act(row._id, async () => {
      try {
        await adminApi.duplicateProduct(row._id);
        report.succeeded({ lead: t('table.duplicated') });
      } catch (error) {
        report.failed({ lead: t('table.duplicateFailed'), message: messageOf(error) });
      }
    });
  const remove = (row: ProductsTableRowData) =>
    void act(row._id, async () => {
      try {
        const message = await adminApi.removeProduct(row._id);
        report.succeeded({ lead: message || t('edit.removed') });
      } catch (error) {
        report.failed({ lead: t('edit.deleteFailed'), message: messageOf(error) });
      } finally {
        setAsking(null);
      }
    });
  const recreate = (row: ProductsTableRowData) =>
    void act(row._id, async () => {
      try {
        await adminApi.recreateProduct(row._id);
        report.succeeded({ lead: t('edit.recreated') });
      } catch (error) {
        report.failed({ lead: t('edit.recreateFailed'), message: messageOf(error) });
      }
    });

  const ariaSort = (key: ProductSortKey) => (query.sort !== key ? undefined : query.dir === 'asc' ? 'ascending' : 'descending');

  return (
    <section className="card card--padded products-table" aria-label={t('table.title')}>
      <div className="products-table__filters">
        <div className="field products-table__search">
          <label className="field__label" htmlFor={ids.search}>
            {t('table.search')}
          </label>
          <input id={ids.search} className="input" type="search" dir="auto" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.type}>
            {t('table.type')}
          </label>
          <select id={ids.type} className="select" value={query.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">{t('table.anyType')}</option>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`form.category.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.category}>
            {t('table.category')}
          </label>
          <select id={ids.category} className="select" value={query.category} onChange={(e) => set({ category: e.target.value })}>
            <option value="">{t('table.anyCategory')}</option>
            {BOOK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`common:bookCategory.${category}`, { defaultValue: category })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.deleted}>
            {t('table.deleted')}
          </label>
          <select id={ids.deleted} className="select" value={query.deleted} onChange={(e) => set({ deleted: e.target.value as ProductsTableQuery['deleted'] })}>
            <option value="no">{t('table.deletedNo')}</option>
            <option value="only">{t('table.deletedOnly')}</option>
            <option value="all">{t('table.deletedAll')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.sort}>
            {t('table.sort')}
          </label>
          <select
            id={ids.sort}
            className="select"
            value={`${query.sort} ${query.dir}`}
            onChange={(e) => {
              const [sort, dir] = e.target.value.split(' ');
              set({ sort, dir: dir as 'asc' | 'desc' });
            }}
          >
            {PRODUCT_SORT_KEYS.flatMap((key) =>
              (['asc', 'desc'] as const).map((dir) => (
                <option key={`${key} ${dir}`} value={`${key} ${dir}`}>
                  {t('table.sortChoice', { column: t(COLUMN_LABEL[key]), direction: t(dir === 'asc' ? 'table.ascending' : 'table.descending') })}
                </option>
              )),
            )}
          </select>
        </div>
      </div>

      {/* polite, not alerts: the page's outcome banners are its status and alert */}
      {problem ? (
        <p className="field__error" aria-live="polite">
          {problem}
        </p>
      ) : null}
      {!page ? (
        <p aria-live="polite">{t('table.loading')}</p>
      ) : (
        <>
          <p className="products-table__total" aria-live="polite">
            {page.more ? t('table.totalMore', { count: page.total, shown: number(page.total) }) : t('table.total', { count: page.total })}
          </p>
          {page.products.length === 0 ? (
            <p>{t('table.none')}</p>
          ) : (
            <table className="data-table products-table__rows">
              <thead>
                <tr>
                  <th scope="col">{t('table.cover')}</th>
                  {COLUMNS.map((key) => (
                    <th key={key} scope="col" aria-sort={ariaSort(key)}>
                      <button type="button" className="products-table__sort" onClick={() => sortBy(key)}>
                        {t(COLUMN_LABEL[key])}
                        <span aria-hidden="true">{query.sort === key ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    </th>
                  ))}
                  <th scope="col">{t('table.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {page.products.map((row) => (
                  <tr key={row._id} className={row.deleted ? 'products-table__row--deleted' : undefined}>
                    <td className="products-table__cover">{row.cover ? <img src={row.cover} alt="" width={40} height={56} loading="lazy" /> : null}</td>
                    <td className="products-table__title" data-label={t('table.product')}>
                      <bdi>{row.title}</bdi>
                      <span className="products-table__author" dir="auto">
                        {row.author.join(', ')}
                      </span>
                      {row.deleted ? <span className="chip loaded-product__state--deleted">{t('table.deletedChip')}</span> : null}
                    </td>
                    <td data-label={t('table.typeColumn')}>{t(`form.category.${row.category}`)}</td>
                    <td data-label={t('table.categoryColumn')}>
                      {row.subcategory.map((c) => t(`common:bookCategory.${c}`, { defaultValue: c })).join(', ')}
                    </td>
                    <td data-label={t('table.price')}>{amount(row.price, 'USD')}</td>
                    <td data-label={t('table.egpprice')}>
                      {amount(row.egpprice, 'EGP')}
                      {row.keepEgpPrice ? <span className="chip products-table__kept">{t('table.kept')}</span> : null}
                    </td>
                    <td data-label={t('table.sales')}>{number(row.sales)}</td>
                    <td data-label={t('table.file')}>{row.hasFile ? t('table.hasFile') : t('table.noFile')}</td>
                    <td className="products-table__actions">
                      <button type="button" className="btn btn--sm btn--secondary" aria-label={t('table.editOf', { title: row.title })} onClick={() => onEdit(row._id)}>
                        {t('table.edit')}
                      </button>
                      <button type="button" className="btn btn--sm btn--ghost" disabled={busy !== null} aria-label={t('table.duplicateOf', { title: row.title })} onClick={() => duplicate(row)}>
                        {t('table.duplicate')}
                      </button>
                      {row.deleted ? (
                        <button type="button" className="btn btn--sm btn--ghost" disabled={busy !== null} aria-label={t('table.recreateOf', { title: row.title })} onClick={() => recreate(row)}>
                          {t('table.recreate')}
                        </button>
                      ) : (
                        <button type="button" className="btn btn--sm btn--ghost btn--danger" disabled={busy !== null} aria-label={t('table.deleteOf', { title: row.title })} onClick={() => setAsking({ kind: 'delete', row })}>
                          {t('table.delete')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {page.totalPages > 1 ? (
            <nav className="products-table__pages" aria-label={t('table.pageOf', { page: query.page, pages: page.totalPages })}>
              <button type="button" className="btn btn--sm btn--ghost" disabled={query.page <= 1} onClick={() => set({ page: query.page - 1 })}>
                {t('table.previous')}
              </button>
              <span>{t('table.pageOf', { page: number(query.page), pages: number(page.totalPages) })}</span>
              <button type="button" className="btn btn--sm btn--ghost" disabled={query.page >= page.totalPages} onClick={() => set({ page: query.page + 1 })}>
                {t('table.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
      {asking ? (
        <ConfirmDialog
          title={t('confirm.deleteTitle')}
          confirmLabel={t('confirm.deleteConfirm', { title: asking.row.title })}
          danger
          busy={busy !== null}
          onConfirm={() => remove(asking.row)}
          onCancel={() => setAsking(null)}
        >
          <p>{t('confirm.deleteText', { title: asking.row.title })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
