import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_KEPT_DAYS, LOCALES, Language, SOURCE_LANGUAGE, isLanguage } from '../../../core/shared/language';

/**
 * The address scheme (issue 20): a page in Arabic, Portuguese or Spanish lives under its language's
 * prefix (`/ar/product/…`); English has none, so the spec's routes stay as they are. The router
 * runs inside the prefix (its basename), so every link of the app keeps its spec path.
 */
export const languageOfPath = (pathname: string): Language => {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) && first !== SOURCE_LANGUAGE ? first : SOURCE_LANGUAGE;
};

export const basenameOf = (language: Language): string => (language === SOURCE_LANGUAGE ? '' : `/${language}`);

/** A path of the app (as the router sees it) at its address in a language. */
export const addressIn = (language: Language, path: string): string => `${basenameOf(language)}${path === '/' && language !== SOURCE_LANGUAGE ? '' : path}`;

/** The cookie the server reads for the visitor's language (adapters/http/request-language.ts), for the whole store. */
export const rememberLanguage = (language: Language) => {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_KEPT_DAYS * 24 * 3600}; samesite=lax`;
};


export { LANGUAGES, LOCALES, type Language };
