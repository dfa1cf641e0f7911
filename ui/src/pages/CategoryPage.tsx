import { useTranslation } from '../i18n/use-translation';
import { useParams } from 'react-router-dom';
import { categoryCardTitle } from '../../../core/catalog/domain/display';
import { bookCategoryNamed } from '../../../core/catalog/domain/product';
import { api, ApiError } from '../api/client';
import { categoryLabel, productTypeHref } from '../layout/links';
import { Breadcrumbs, type Crumb } from '../catalog/Breadcrumbs';
import { CATEGORY_FETCH_DEBOUNCE_MS, categoryPageSize } from '../catalog/display';
import { EmptyArt } from '../catalog/EmptyArt';
import { Pager } from '../catalog/Pager';
import { ProductGrid, ProductGridSkeleton } from '../catalog/ProductCard';
import { Alert } from '../design/Alert';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote } from '../hooks/useRemote';
import { useViewportWidth } from '../hooks/useViewportWidth';
import NotFoundPage from './NotFoundPage';

const TYPES = ['books', 'courses', 'journals'];

export default function CategoryPage() {
  const { category = '', subcategory } = useParams();
  const { t } = useTranslation();
  const page = usePageParam();
  const limit = useViewportWidth(categoryPageSize);
  const sub = subcategory === undefined ? undefined : (bookCategoryNamed(subcategory) ?? subcategory);
  const remote = useRemote(
    `category:${category}:${sub ?? ''}:${page}:${limit}`,
    () => api.category(category, sub, page, limit),
    CATEGORY_FETCH_DEBOUNCE_MS,
  );
  const known = TYPES.includes(category.toLowerCase()) ? category.toLowerCase() : undefined;
  const typeTitle = known ? t(`category.title.${known}`) : category;
  const heading = sub ? t(categoryLabel(sub), { defaultValue: sub }) : typeTitle;
  const notFound = remote.status === 'error' && remote.error instanceof ApiError && remote.error.status === 404;
  useDocumentMeta(notFound ? undefined : heading);

  if (notFound) return <NotFoundPage />;

  const crumbs: Crumb[] = [{ label: t('nav.home'), href: '/' }, { label: typeTitle, href: productTypeHref(category) }];
  if (sub) crumbs.push({ label: heading });

  return (
    <div className="container page">
      <Breadcrumbs items={crumbs} />
      <header className="page-header section-heading">
        <div>
          <h1>{heading}</h1>
          {!sub && known === category ? <p>{t(`category.intro.${known}`)}</p> : null}
          {sub ? <p>{t('category.booksIn', { category: heading })}</p> : null}
        </div>
        {remote.status === 'success' && remote.data.products.length > 0 && remote.data.total !== undefined ? (
          <p className="section-heading__meta">
            {t('category.items', { count: remote.data.total })}
          </p>
        ) : null}
      </header>
      {remote.status === 'loading' ? <ProductGridSkeleton count={limit} /> : null}
      {remote.status === 'error' ? (
        <Alert tone="error">
          <p>{t('category.error')}</p>
        </Alert>
      ) : null}
      {remote.status === 'success' && remote.data.products.length === 0 ? (
        <div className="state">
          <EmptyArt />
          <h2 className="state__title">{t('category.sorry')}</h2>
          <p>{t('category.noItems', { category: sub ? `${category}/${sub}` : category })}</p>
          <p>{t('home.checkBack')}</p>
        </div>
      ) : null}
      {remote.status === 'success' && remote.data.products.length > 0 ? (
        <>
          <ProductGrid products={remote.data.products} titleOf={categoryCardTitle} label={heading} cardHeading="h2" />
          <Pager page={page} totalPages={remote.data.totalPages} />
        </>
      ) : null}
    </div>
  );
}
