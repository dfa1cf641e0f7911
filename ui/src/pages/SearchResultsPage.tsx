import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { categoryCardTitle } from '../../../core/catalog/domain/display';
import type { PublicProduct as Product } from '../../../api/catalog';
import { SEARCH_RESULTS_PAGE_SIZE } from '../catalog/display';
import { EmptyArt } from '../catalog/EmptyArt';
import { Pager } from '../catalog/Pager';
import { ProductGrid } from '../catalog/ProductCard';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { usePageParam } from '../hooks/usePageParam';

interface SearchState {
  results: Product[];
  query: string;
  totalResults: number;
}

const isSearchState = (value: unknown): value is SearchState => {
  const v = value as Partial<SearchState> | null;
  return !!v && Array.isArray(v.results) && typeof v.query === 'string' && typeof v.totalResults === 'number';
};

export default function SearchResultsPage() {
  const { state } = useLocation();
  const page = usePageParam();
  const search = isSearchState(state) ? state : undefined;
  const { t } = useTranslation();
  useDocumentMeta(search ? t('search.metaFor', { query: search.query }) : t('search.meta'));

  if (!search) {
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

  const totalPages = Math.max(1, Math.ceil(search.results.length / SEARCH_RESULTS_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = search.results.slice((current - 1) * SEARCH_RESULTS_PAGE_SIZE, current * SEARCH_RESULTS_PAGE_SIZE);

  return (
    <div className="container page">
      <header className="page-header">
        <h1>{t('search.resultsFor', { query: search.query })}</h1>
        <p>{t('search.resultsFound', { count: search.totalResults })}</p>
      </header>
      {shown.length > 0 ? (
        <>
          <ProductGrid products={shown} titleOf={categoryCardTitle} label={t('search.results')} cardHeading="h2" />
          <Pager page={current} totalPages={totalPages} label={t('search.resultPages')} />
        </>
      ) : (
        <div className="state">
          <EmptyArt />
          <p>{t('search.tryAgain')}</p>
          <Link to="/" className="btn btn--secondary">
            {t('browseCatalogue')}
          </Link>
        </div>
      )}
    </div>
  );
}
