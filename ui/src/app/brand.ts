export const BRAND_NAME = 'Dental Library';
export const TAGLINE = 'Your Gateway to Knowledge';
