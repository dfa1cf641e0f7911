import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_KEPT_DAYS, Language, SOURCE_LANGUAGE, isLanguage, pathIn } from '../../../core/shared/language';

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

/** A path of the app (as the router sees it) at its address in a language: the core's rule, which the server and the sitemap follow too. */
export const addressIn = (language: Language, path: string): string => pathIn(language, path);

/** The cookie the server reads for the visitor's language (adapters/http/request-language.ts), for the whole store. */
export const rememberLanguage = (language: Language) => {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_KEPT_DAYS * 24 * 3600}; samesite=lax`;
};

/**
 * The language formats follow. Arabic keeps Western digits (`nu-latn`): prices, order numbers and
 * card numbers read as Egyptian shoppers see them on their cards, their phones and the big local
 * stores' Arabic pages. Portuguese is Brazil's, the largest market of Portuguese-speaking dentists.
 */
export const LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-US',
  pt: 'pt-BR',
  es: 'es',
  ar: 'ar-EG-u-nu-latn',
};

export { LANGUAGES, type Language };
