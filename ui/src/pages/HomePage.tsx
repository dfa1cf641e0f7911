import { categoryCardTitle } from '../../../core/catalog/domain/display';
import { api } from '../api/client';
import { TAGLINE } from '../app/brand';
import { Alert } from '../design/Alert';
import { homePageSize } from '../catalog/display';
import { Pager } from '../catalog/Pager';
import { ProductGrid, ProductGridSkeleton } from '../catalog/ProductCard';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote } from '../hooks/useRemote';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { Link } from 'react-router-dom';

export default function HomePage() {
  const page = usePageParam();
  const limit = homePageSize(useViewportWidth());
  const remote = useRemote(`home:${page}:${limit}`, () => api.products(page, limit));
  useDocumentMeta('');

  return (
    <>
      {page === 1 ? (
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <p className="eyebrow hero__eyebrow">{TAGLINE}</p>
            <h1 id="hero-title" className="hero__title">
              Digital dental books, courses and journals
            </h1>
            <p className="hero__text">
              PDF and EPUB books, online courses and journals for dentists and dental students, ready to download as
              soon as your order is complete.
            </p>
            <div className="hero__actions">
              <Link to="/category/books" className="btn btn--accent">
                Browse books
              </Link>
              <Link to="/category/courses" className="btn btn--secondary hero__secondary">
                Explore courses
              </Link>
            </div>
          </div>
        </section>
      ) : null}
      <div className="container page">
        <div className="section-heading">
          {page === 1 ? (
            <h2>New in the library</h2>
          ) : (
            <h1 className="section-heading__title">New in the library</h1>
          )}
          {remote.status === 'success' && remote.data.totalPages > 1 ? (
            <p className="section-heading__meta">
              Page {page} of {remote.data.totalPages}
            </p>
          ) : null}
        </div>
        {remote.status === 'loading' ? <ProductGridSkeleton count={limit} /> : null}
        {remote.status === 'error' ? (
          <Alert tone="error">
            <p>Failed to fetch products</p>
          </Alert>
        ) : null}
        {remote.status === 'success' ? (
          remote.data.products.length === 0 ? (
            <div className="state">
              <p className="state__title">No products yet</p>
              <p>Please check back later</p>
            </div>
          ) : (
            <>
              <ProductGrid products={remote.data.products} titleOf={categoryCardTitle} label="Products" cardHeading={page === 1 ? 'h3' : 'h2'} />
              <Pager page={page} totalPages={remote.data.totalPages} />
            </>
          )
        ) : null}
      </div>
    </>
  );
}
