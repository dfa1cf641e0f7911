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
  useDocumentMeta(search ? `Search results for ${search.query}` : 'Search');

  if (!search) {
    return (
      <div className="container page">
        <div className="state">
          <h1 className="state__title">No search results found</h1>
          <p>Use the search box above to look for a book, course or journal by title or author.</p>
          <Link to="/" className="btn btn--secondary">
            Browse the catalogue
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
        <h1>{`Search Results for "${search.query}"`}</h1>
        <p>{`${search.totalResults} results found`}</p>
      </header>
      {shown.length > 0 ? (
        <>
          <ProductGrid products={shown} titleOf={categoryCardTitle} label="Search results" cardHeading="h2" />
          <Pager page={current} totalPages={totalPages} label="Search result pages" />
        </>
      ) : (
        <div className="state">
          <EmptyArt />
          <p>Try a different spelling, an author's name or fewer words.</p>
          <Link to="/" className="btn btn--secondary">
            Browse the catalogue
          </Link>
        </div>
      )}
    </div>
  );
}
