import { LANGUAGES } from '../../shared/language';

/**
 * An account keeps the language its owner picks while signed in (issue 20): a cookie is one
 * browser's, the setting follows the owner to the next one. Only the store's languages are kept;
 * anything else is refused with this, rather than quietly kept as English.
 */
export const UNKNOWN_LANGUAGE = `Choose one of the store's languages: ${LANGUAGES.join(', ')}`;
