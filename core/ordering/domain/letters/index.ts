import { Language } from '../../../shared/language';
import { ARABIC } from './ar';
import { ENGLISH } from './en';
import { SPANISH } from './es';
import { PORTUGUESE } from './pt';
import { LetterWords } from './words';

/**
 * The letters' words in each of the store's languages. A Record over every Language: a language
 * added to the store and not written here does not compile, and a letter missing from one
 * language's file does not either (tests/core/letters.test.ts also reads each one through).
 */
export const LETTER_WORDS: Readonly<Record<Language, LetterWords>> = { en: ENGLISH, pt: PORTUGUESE, es: SPANISH, ar: ARABIC };

export const wordsIn = (language: Language): LetterWords => LETTER_WORDS[language];

export type { LetterWords, Opening } from './words';
export { STORE_NAME } from './store-name';
