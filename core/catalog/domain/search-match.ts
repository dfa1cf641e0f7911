import { ARABIC_LETTER } from './search-text';

/**
 * How one word of a search matches one word of a product's title or authors (DECISIONS 7): the
 * whole word, its start, a part of it, or its start within a small typo. Closer matches score
 * higher, and a product's score is the sum of its best match for each searched word.
 */
export const MATCH_SCORE = { whole: 4, start: 3, part: 2, typo: 1 } as const;

/** A product whose title and authors begin with the whole search comes before any other. */
export const WHOLE_SEARCH_FIRST = 100;

/** The words of a title and its authors, as the search sees them. */
export const wordsOf = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Edits a typed word may differ by: one from 4 letters, two from 8, three from 12 (as PostgreSQL's
 * trigram similarity allowed before: 'periodontics' finds 'periodontal'). None for a word with a digit:
 * '2023' is not a typo of '2022', nor '3rd' of '2nd'. Arabic words have a scale of their own
 * (arabicTyposAllowed).
 */
export const typosAllowed = (word: string): number =>
  /\d/.test(word) ? 0 : ARABIC_LETTER.test(word) ? arabicTyposAllowed(word) : word.length >= 12 ? 3 : word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;

/**
 * The definite article, with a one-letter conjunction or preposition written onto it (و ف ب ك ل;
 * ل + ال is written لل), before at least two letters: الفم is فم, للأطفال is أطفال.
 */
const ARTICLE = /^(?:[وفبك]?ال|لل)(?=..)/;

/** An Arabic word without its article: a reader looks for أسنان and expects الأسنان, and the other way round. */
export const withoutArticle = (word: string): string => word.replace(ARTICLE, '');

/**
 * Arabic words are short and dense: most are a 3-letter root in a pattern of a letter or two
 * (درس، مدرس، دراسة), so one changed letter of a 4-letter word is usually another real word
 * (طبيب / حبيب, سنان / سنام), and the article ال adds two letters that carry no
 * meaning. So the letters counted are those after the article, and the scale is one step later
 * than English: none up to 4 letters, one edit from 5 (اسنان in الاسنان, تركيبات), two from 9. The spelling variants
 * that are not typos at all (hamza on alef, taa marbuta, final yaa) are already one spelling
 * (search-text.ts), so the edits left are real slips of the finger.
 */
export const arabicTyposAllowed = (word: string): number => {
  const stem = withoutArticle(word).length;
  return stem >= 9 ? 2 : stem >= 5 ? 1 : 0;
};

/**
 * Whether `word` is within `allowed` edits of the start of `token` (of any length, so a typed part
 * of a long word matches too). The smallest distance of the rows so far bounds the rest, so most
 * tokens are given up after a letter or two.
 */
const startsWithin = (word: string, token: string, allowed: number): boolean => {
  let previous = Array.from({ length: token.length + 1 }, (_, j) => j);
  for (let i = 1; i <= word.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= token.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word[i - 1] === token[j - 1] ? 0 : 1));
      if (current[j] < best) best = current[j];
    }
    if (best > allowed) return false;
    previous = current;
  }
  return Math.min(...previous) <= allowed;
};

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * How well a searched word matches each word of the catalogue (both in the search's spelling,
 * search-text.ts): 0 for not at all. What depends on the searched word alone is worked out once,
 * as an index asks this of every word it has. Arabic words are compared without their article.
 */
export const matcherOf = (word: string): ((token: string) => number) => {
  const allowed = typosAllowed(word);
  if (!ARABIC_LETTER.test(word)) return (token) => closeness(word, token, allowed);
  const stem = withoutArticle(word);
  return (token) => closeness(stem, withoutArticle(token), allowed);
};

/** How well a searched word matches a word of a product: 0 for not at all. */
export const matchOf = (word: string, token: string): number => matcherOf(word)(token);

const closeness = (word: string, token: string, allowed: number): number => {
  const at = token.indexOf(word);
  // 'practice,' and 'practice:' are the whole word 'practice'.
  if (at === 0) return LETTER_OR_DIGIT.test(token.slice(word.length)) ? MATCH_SCORE.start : MATCH_SCORE.whole;
  if (at > 0) return MATCH_SCORE.part;
  if (allowed === 0 || token.length < word.length - allowed) return 0;
  return startsWithin(word, token, allowed) ? MATCH_SCORE.typo : 0;
};
