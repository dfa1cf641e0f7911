import { useParams } from 'react-router-dom';
import { categoryCardTitle } from '../../../core/catalog/domain/display';
import { bookCategoryNamed } from '../../../core/catalog/domain/product';
import { api, ApiError } from '../api/client';
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

const TYPE_TITLES: Record<string, string> = { books: 'Books', courses: 'Courses', journals: 'Journals' };
const TYPE_INTROS: Record<string, string> = {
  books: 'PDF and EPUB dental books, from anatomy to digital dentistry.',
  courses: 'Online dental courses with video lessons you can follow at your own pace.',
  journals: 'Dental journals and periodicals for staying up to date.',
};

export default function CategoryPage() {
  const { category = '', subcategory } = useParams();
  const page = usePageParam();
  const limit = categoryPageSize(useViewportWidth());
  const sub = subcategory === undefined ? undefined : (bookCategoryNamed(subcategory) ?? subcategory);
  const remote = useRemote(
    `category:${category}:${sub ?? ''}:${page}:${limit}`,
    () => api.category(category, sub, page, limit),
    CATEGORY_FETCH_DEBOUNCE_MS,
  );
  const typeTitle = TYPE_TITLES[category.toLowerCase()] ?? category;
  const heading = sub ?? typeTitle;
  const notFound = remote.status === 'error' && remote.error instanceof ApiError && remote.error.status === 404;
  useDocumentMeta(notFound ? undefined : heading);

  if (notFound) return <NotFoundPage />;

  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }, { label: typeTitle, href: `/category/${category}` }];
  if (sub) crumbs.push({ label: sub });

  return (
    <div className="container page">
      <Breadcrumbs items={crumbs} />
      <header className="page-header section-heading">
        <div>
          <h1>{heading}</h1>
          {!sub && TYPE_INTROS[category] ? <p>{TYPE_INTROS[category]}</p> : null}
          {sub ? <p>Books in {sub}</p> : null}
        </div>
        {remote.status === 'success' && remote.data.products.length > 0 && remote.data.total !== undefined ? (
          <p className="section-heading__meta">
            {remote.data.total} {remote.data.total === 1 ? 'item' : 'items'}
          </p>
        ) : null}
      </header>
      {remote.status === 'loading' ? <ProductGridSkeleton count={limit} /> : null}
      {remote.status === 'error' ? (
        <Alert tone="error">
          <p>Error loading products</p>
        </Alert>
      ) : null}
      {remote.status === 'success' && remote.data.products.length === 0 ? (
        <div className="state">
          <EmptyArt />
          <h2 className="state__title">SORRY</h2>
          <p>{`No available items in ${sub ? `${category}/${sub}` : category} yet`}</p>
          <p>Please check back later</p>
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
