import { Product } from './product';

/**
 * The one spelling search compares: the catalogue's texts are kept in it (search_text) and every
 * query is brought to it, so an adapter never normalises on its own.
 *
 * Arabic is written with choices a reader does not see as different words, and Egyptian typists
 * (and phone keyboards) make them freely:
 * - the alef forms أ إ آ ٱ ٲ ٳ are the bare alef ا (hamza is mostly left out in everyday writing);
 * - taa marbuta ة is haa ه (طبيعة / طبيعه), alef maqsura ى and the Persian yeh ی are yaa ي (علي / على);
 * - diacritics (tashkeel U+064B-U+065F, the dagger alef U+0670, the Quranic marks) and the tatweel
 *   U+0640 (a stretch of the line, not a letter) are dropped;
 * - Arabic-Indic ٠-٩ and Eastern Arabic-Indic ۰-۹ digits are the Western ones: '٢٠٢٣' is '2023'.
 * NFKC first, so a decomposed hamza (ا + U+0654) and the presentation forms that PDFs paste (ﻻ, ﺔ)
 * become the letters above. Latin text is only lower-cased (and NFKC: 'ﬁ' is 'fi').
 */
const ALEFS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/g;
const TAA_MARBUTA = /\u0629/g;
const YAA_FORMS = /[\u0649\u06cc]/g;
const MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u08d3-\u08ff\u0640]/g;
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

const westernDigit = (digit: string): string => String(digit.charCodeAt(0) & 0xf);

export const normalizedForSearch = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(ALEFS, '\u0627')
    .replace(TAA_MARBUTA, '\u0647')
    .replace(YAA_FORMS, '\u064a')
    .replace(ARABIC_DIGITS, westernDigit);

/**
 * What a product is found by (DECISIONS 7: title and authors), then its Arabic title and
 * description, in the search's spelling. The English title comes first: a search that begins the
 * text ranks first (search-match.ts).
 */
export const searchTextOf = (p: Pick<Product, 'title' | 'author' | 'arabicTitle' | 'arabicDescription'>): string =>
  normalizedForSearch([p.title, ...p.author, p.arabicTitle ?? '', p.arabicDescription ?? ''].join(' ').trimEnd());

/** An Arabic letter, after normalisation: the words search-match.ts scales typos for differently. */
export const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff]/;
