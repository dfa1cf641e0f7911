/**
 * Display rules of the spec, written once: the server uses them (meta description) and the UI
 * imports them (cards, product page, badge).
 */

/** Cuts `text` longer than `limit` to its first `keep` characters plus '...'. */
export const truncate = (text: string, limit: number, keep: number = limit): string =>
  text.length > limit ? `${text.slice(0, keep)}...` : text;

/** Category cards: over 68 characters, the first 65 plus '...'. */
export const categoryCardTitle = (title: string): string => truncate(title, 68, 65);
/** Recommended grid: 68 characters then '...'. */
export const recommendedCardTitle = (title: string): string => truncate(title, 68);
/** Related products: 50 characters then '...'. */
export const relatedCardTitle = (title: string): string => truncate(title, 50);

/** The page's meta description is cut at 150 characters. */
export const metaDescription = (description: string): string => description.slice(0, 150);

/** 1000 MB or more shows in Gb with one decimal, otherwise in Mb. */
export const formatSize = (megabytes: number): string =>
  megabytes >= 1000 ? `${(megabytes / 1000).toFixed(1)} Gb` : `${megabytes} Mb`;

export const authorsLine = (authors: readonly string[]): string => authors.join(', ');

/** Formats are shown upper-case. */
export const formatLabel = (format: string): string => format.toUpperCase();

export const CART_BADGE_MAX = 999;
export const cartBadge = (count: number): string => String(Math.min(Math.max(0, count), CART_BADGE_MAX));

/** Page sizes and breakpoints (spec section 9). */
export const MOBILE_MAX_WIDTH = 767; // below 768px
export const NAVBAR_DESKTOP_MIN_WIDTH = 1048;
export const homePageSize = (viewportWidth: number): number => (viewportWidth < 768 ? 14 : 15);
export const categoryPageSize = (viewportWidth: number): number => (viewportWidth < 768 ? 12 : 15);
export const CATEGORY_FETCH_DEBOUNCE_MS = 300;
export const SEARCH_RESULTS_PAGE_SIZE = 12;
export const SEARCH_REQUEST = { page: 1, limit: 20 } as const;
export const RELATED_COUNT = 4;
export const DESCRIPTION_LINES = { desktop: 12, mobile: 6 } as const;
