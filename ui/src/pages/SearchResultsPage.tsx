import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { categoryCardTitle } from '../../../core/catalog/domain/display';
import { api } from '../api/client';
import { SEARCH_RESULTS_PAGE_SIZE } from '../catalog/display';
import { EmptyArt } from '../catalog/EmptyArt';
import { Pager } from '../catalog/Pager';
import { ProductGrid, ProductGridSkeleton } from '../catalog/ProductCard';
import {
  isSearchNavigationState,
  searchedQuery,
  searchPageOf,
  searchRequestOf,
  type SearchPage,
} from '../catalog/search-address';
import { Alert } from '../design/Alert';
import { searchAddress } from '../layout/links';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote, type Remote } from '../hooks/useRemote';

/** `/search-page?q=...&page=...`, or the spec's navigation state (search-address.ts). */
export default function SearchResultsPage() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const page = usePageParam();
  const query = searchedQuery(params.get('q'), state);
  const { t } = useTranslation();
  useDocumentMeta(query ? t('search.metaFor', { query }) : t('search.meta'));

  if (query === undefined) {
    return (
      <div className="container page">
        <div className="state">
          <h1 className="state__title">{t('search.noResults')}</h1>
          <p>{t('search.useTheBox')}</p>
          <Link to="/" className="btn btn--secondary">
            {t('browseCatalogue')}
          </Link>
        </div>
      </div>
    );
  }
  // The search box's answer travels in the state: its first page needs no second request.
  const known =
    page === 1 && isSearchNavigationState(state) && state.query.trim() === query
      ? searchPageOf({ results: state.results, count: state.totalResults })
      : undefined;
  return <SearchResults query={query} page={page} known={known} />;
}

function SearchResults({ query, page, known }: { query: string; page: number; known?: SearchPage }) {
  const { t } = useTranslation();
  const fetched = useRemote(`search:${page}:${query}`, async () => {
    if (known) return known;
    const { page: asked, limit } = searchRequestOf(page);
    return searchPageOf(await api.search(query, asked, limit));
  });
  const remote: Remote<SearchPage> = known ? { status: 'success', data: known } : fetched;
  const totalPages = remote.status === 'success' ? Math.max(1, Math.ceil(remote.data.count / SEARCH_RESULTS_PAGE_SIZE)) : 1;

  return (
    <div className="container page">
      <header className="page-header">
        <h1>{t('search.resultsFor', { query })}</h1>
        {remote.status === 'success' ? <p>{t('search.resultsFound', { count: remote.data.count })}</p> : null}
      </header>
      {remote.status === 'loading' ? <ProductGridSkeleton count={SEARCH_RESULTS_PAGE_SIZE} /> : null}
      {remote.status === 'error' ? (
        <Alert tone="error">
          <p>{t('search.failed')}</p>
        </Alert>
      ) : null}
      {remote.status === 'success' && remote.data.results.length > 0 ? (
        <>
          <ProductGrid products={remote.data.results} titleOf={categoryCardTitle} label={t('search.results')} cardHeading="h2" />
          <Pager page={page} totalPages={totalPages} label={t('search.resultPages')} />
        </>
      ) : null}
      {remote.status === 'success' && remote.data.results.length === 0 && remote.data.count > 0 ? (
        // a shared or typed address past the last page
        <div className="state">
          <p>{t('search.pastTheEnd', { last: totalPages })}</p>
          <Link to={searchAddress(query, totalPages)} className="btn btn--secondary">
            {t('search.lastPage', { last: totalPages })}
          </Link>
        </div>
      ) : null}
      {remote.status === 'success' && remote.data.count === 0 ? (
        <div className="state">
          <EmptyArt />
          <p>{t('search.tryAgain')}</p>
          <Link to="/" className="btn btn--secondary">
            {t('browseCatalogue')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
