export const BRAND_NAME = 'Dental Library';
