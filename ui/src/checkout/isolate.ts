import { SOURCE_LANGUAGE } from '../../../core/shared/language';

/**
 * Text of another direction inside a translated sentence (an amount, a provider's English words
 * such as 'Aman or Masary kiosk'): wrapped in Unicode's first-strong isolate, as `<bdi>` would, so
 * an Arabic sentence keeps its order around it. English, the source, stays as the spec writes it.
 */
export const isolateIn = (language: string, text: string): string => (language === SOURCE_LANGUAGE ? text : `\u2068${text}\u2069`);
