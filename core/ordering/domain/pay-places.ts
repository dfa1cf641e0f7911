/**
 * Places to pay away from the store that the store names in each language (the buyer's letters, the
 * UI's catalogues): a provider's step says which by this code, beside its own English words.
 */
export const PAY_PLACES = ['kiosk'] as const;
export type PayPlace = (typeof PAY_PLACES)[number];
