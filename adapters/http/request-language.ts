import { Context } from 'koa';
import { LANGUAGE_COOKIE, Language, languageOf, preferredLanguage } from '../../core/shared/language';

/**
 * The language a request speaks: the visitor's chosen one (the `lang` cookie; a value the store
 * does not speak is English, never an error), or for a visitor who never chose, the browser's
 * Accept-Language, as the first visit's pages follow it. The core is handed a Language, never a cookie.
 */
export const requestLanguage = (ctx: Context): Language => {
  const chosen = ctx.cookies.get(LANGUAGE_COOKIE);
  if (chosen !== undefined) return languageOf(chosen);
  return preferredLanguage(ctx.get('Accept-Language') || undefined) ?? languageOf(undefined);
};
