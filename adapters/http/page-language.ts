import { Context } from 'koa';
import { LANGUAGE_COOKIE, LANGUAGE_KEPT_DAYS, Language, SOURCE_LANGUAGE, isLanguage, pathIn } from '../../core/shared/language';

/**
 * A page's address: its language's prefix (`/ar/product/…`) and the app's path inside it. English
 * has no prefix, so the spec's routes are English; any other first segment is part of the path.
 */
export const pageAddressOf = (urlPath: string): { language: Language; path: string } => {
  const [, first = '', ...rest] = urlPath.split('/');
  if (!isLanguage(first) || first === SOURCE_LANGUAGE) return { language: SOURCE_LANGUAGE, path: urlPath };
  return { language: first, path: `/${rest.join('/')}` };
};

/**
 * A page opened in a language becomes the visitor's language (a shared `/ar/…` link included), so
 * what they buy next is written to them in the language they were reading.
 */
export const keepLanguage = (ctx: Context, language: Language) => {
  if (ctx.cookies.get(LANGUAGE_COOKIE) === language) return;
  ctx.cookies.set(LANGUAGE_COOKIE, language, { httpOnly: false, sameSite: 'lax', secure: ctx.secure, maxAge: LANGUAGE_KEPT_DAYS * 24 * 3600 * 1000, path: '/', overwrite: true });
};

/** The same page at its address in a language, its query kept. */
export const addressIn = (language: Language, path: string, querystring: string): string => `${pathIn(language, path)}${querystring ? `?${querystring}` : ''}`;
