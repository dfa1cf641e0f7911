/** The breakpoints of spec section 9, for what CSS cannot decide alone (page sizes, which navbar). */
export const MOBILE_MAX_WIDTH = 767; // below 768px
export const NAVBAR_DESKTOP_MIN_WIDTH = 1048;

export const isMobileWidth = (viewportWidth: number): boolean => viewportWidth <= MOBILE_MAX_WIDTH;
