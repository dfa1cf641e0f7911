import { Context } from 'koa';
import { Language, SOURCE_LANGUAGE, isLanguage, preferredLanguage } from '../../core/shared/language';

/** The cookie the language chooser sets (ui/src/i18n/languages.ts). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * A page's address: its language's prefix (`/ar/product/…`) and the app's path inside it. English
 * has no prefix, so the spec's routes are English; any other first segment is part of the path.
 */
export const pageAddressOf = (urlPath: string): { language: Language; path: string } => {
  const [, first = '', ...rest] = urlPath.split('/');
  if (!isLanguage(first) || first === SOURCE_LANGUAGE) return { language: SOURCE_LANGUAGE, path: urlPath };
  return { language: first, path: `/${rest.join('/')}` };
};

/** The visitor's language: the one they chose (the cookie), else their browser's first of ours, else English. */
export const visitorLanguage = (ctx: Context): Language => {
  const chosen = ctx.cookies.get(LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return preferredLanguage(ctx.get('accept-language') || undefined) ?? SOURCE_LANGUAGE;
};

/** The same page at its address in a language, its query kept. */
export const addressIn = (language: Language, path: string, querystring: string): string =>
  `${language === SOURCE_LANGUAGE ? '' : `/${language}`}${language !== SOURCE_LANGUAGE && path === '/' ? '' : path}${querystring ? `?${querystring}` : ''}`;
