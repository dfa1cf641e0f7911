import { useTranslation } from '../i18n/use-translation';
import { categoryCardTitle } from '../../../core/catalog/domain/display';
import { api } from '../api/client';
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
  const limit = useViewportWidth(homePageSize);
  const remote = useRemote(`home:${page}:${limit}`, () => api.products(page, limit));
  useDocumentMeta('');
  const { t } = useTranslation();

  return (
    <>
      {page === 1 ? (
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <p className="eyebrow hero__eyebrow">{t('brand.tagline')}</p>
            <h1 id="hero-title" className="hero__title">
              {t('home.title')}
            </h1>
            <p className="hero__text">
              {t('home.text')}
            </p>
            <div className="hero__actions">
              <Link to="/category/books" className="btn btn--accent">
                {t('home.browseBooks')}
              </Link>
              <Link to="/category/courses" className="btn btn--secondary hero__secondary">
                {t('home.exploreCourses')}
              </Link>
            </div>
          </div>
        </section>
      ) : null}
      <div className="container page">
        <div className="section-heading">
          {page === 1 ? (
            <h2>{t('home.new')}</h2>
          ) : (
            <h1 className="section-heading__title">{t('home.new')}</h1>
          )}
          {remote.status === 'success' && remote.data.totalPages > 1 ? (
            <p className="section-heading__meta">
              {t('pager.pageOf', { page, total: remote.data.totalPages })}
            </p>
          ) : null}
        </div>
        {remote.status === 'loading' ? <ProductGridSkeleton count={limit} /> : null}
        {remote.status === 'error' ? (
          <Alert tone="error">
            <p>{t('failedToFetchProducts')}</p>
          </Alert>
        ) : null}
        {remote.status === 'success' ? (
          remote.data.products.length === 0 ? (
            <div className="state">
              <p className="state__title">{t('home.noProducts')}</p>
              <p>{t('home.checkBack')}</p>
            </div>
          ) : (
            <>
              <ProductGrid products={remote.data.products} titleOf={categoryCardTitle} label={t('home.products')} cardHeading={page === 1 ? 'h3' : 'h2'} />
              <Pager page={page} totalPages={remote.data.totalPages} />
            </>
          )
        ) : null}
      </div>
    </>
  );
}
