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
 * '2023' is not a typo of '2022', nor '3rd' of '2nd'.
 */
export const typosAllowed = (word: string): number => (/\d/.test(word) ? 0 : word.length >= 12 ? 3 : word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

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

/** How well a searched word (lower case) matches a word of a product: 0 for not at all. */
export const matchOf = (word: string, token: string): number => {
  const at = token.indexOf(word);
  // 'practice,' and 'practice:' are the whole word 'practice'.
  if (at === 0) return LETTER_OR_DIGIT.test(token.slice(word.length)) ? MATCH_SCORE.start : MATCH_SCORE.whole;
  if (at > 0) return MATCH_SCORE.part;
  const allowed = typosAllowed(word);
  if (allowed === 0 || token.length < word.length - allowed) return 0;
  return startsWithin(word, token, allowed) ? MATCH_SCORE.typo : 0;
};
