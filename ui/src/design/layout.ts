import { MOBILE_MAX_WIDTH } from '../../../core/catalog/domain/display';

/** The breakpoints of spec section 9, for what CSS cannot decide alone (page sizes, which navbar). */
export { MOBILE_MAX_WIDTH };
export const NAVBAR_DESKTOP_MIN_WIDTH = 1048;

export const isMobileWidth = (viewportWidth: number): boolean => viewportWidth <= MOBILE_MAX_WIDTH;
