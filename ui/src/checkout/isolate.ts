import { SOURCE_LANGUAGE } from '../../../core/shared/language';

/**
 * Text of another direction inside a translated sentence, wrapped in a Unicode isolate as `<bdi>`
 * would be, so an Arabic sentence keeps its order around it. English, the source, stays as the spec
 * writes it (no invisible characters).
 * - `isolateIn`: words of their own direction (a provider's English 'Aman or Masary kiosk').
 * - `amountIn`: an amount, left to right as on a card or a receipt. Intl starts an Arabic amount with
 *   a right-to-left mark, so a first-strong isolate would turn 'US$' into '$US'; a left-to-right one
 *   shows '59.99 US$' and '3,000 ج.م.' as the price tags do.
 */
export const isolateIn = (language: string, text: string): string => (language === SOURCE_LANGUAGE ? text : `\u2068${text}\u2069`);
export const amountIn = (language: string, text: string): string => (language === SOURCE_LANGUAGE ? text : `\u2066${text}\u2069`);
