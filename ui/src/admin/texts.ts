/**
 * The back office's words live in the 'admin' catalogue (ui/src/i18n/locales/<lang>/admin.json); the
 * spec's texts (sections 2, 4 and 8) are its English, word for word.
 */

/** An error's own words: the server's message, or what went wrong on the way. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
