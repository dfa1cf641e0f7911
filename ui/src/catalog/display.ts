import { isMobileWidth } from '../design/layout';

/** How the catalogue screens lay themselves out (spec section 9); the server never needs these. */
export { homePageSize } from '../../../core/catalog/domain/display';
export const categoryPageSize = (viewportWidth: number): number => (isMobileWidth(viewportWidth) ? 12 : 15);
export const CATEGORY_FETCH_DEBOUNCE_MS = 300;
/** The results page shows 12 at a time; search-address.ts says which call each page makes. */
export const SEARCH_RESULTS_PAGE_SIZE = 12;
export const DESCRIPTION_LINES = { desktop: 12, mobile: 6 } as const;
