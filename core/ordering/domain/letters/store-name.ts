/** The store's name, a brand: the same in every language's letters. */
export const STORE_NAME = 'Dental Library';
