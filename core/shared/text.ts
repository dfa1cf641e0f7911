/**
 * The one rule for text a person or a program sends the store, checked wherever text enters: every
 * field of every HTTP call (adapters/http/text-field.ts), the product form and the editor screen
 * (product-form.ts). A character the store cannot keep as sent is refused with a message naming it,
 * never replaced: the text the store keeps is the text it accepted.
 *
 * Refused:
 * - control characters: PostgreSQL refuses NUL, and no form has a use for the others;
 * - an unpaired surrogate (JSON's "\ud800"): half of a character, which UTF-8 cannot hold, so the
 *   database would keep U+FFFD in its place;
 * - U+FFFD itself: what a decoder leaves where the bytes sent were not UTF-8 (a form's field, a
 *   query string); the text that was meant is already lost;
 * - noncharacters (U+FDD0-U+FDEF and the last two code points of every plane): reserved by Unicode
 *   for a program's own use, never for text that is exchanged;
 * - the bidirectional controls that reorder the text around them: embeddings and overrides
 *   (U+202A-U+202E) and isolates (U+2066-U+2069). U+202E makes "gpj.exe" read "exe.jpg".
 *
 * Allowed: the direction marks LRM, RLM and ALM (U+200E, U+200F, U+061C). Each acts as one
 * invisible letter of a direction and moves nothing else, so it can show no more than typed
 * letters can, and Arabic text needs them to place numbers and punctuation beside Arabic words.
 */
export interface TextOptions {
  /** Tab and line breaks are allowed where a field holds several lines (a description). */
  readonly multiline?: boolean;
}

export type RefusedKind = 'control' | 'unpaired-surrogate' | 'replacement' | 'noncharacter' | 'reordering';

export interface RefusedCharacter {
  readonly kind: RefusedKind;
  readonly codePoint: number;
}

// In a /u pattern a surrogate pair is one code point, so \p{Cs} finds only a half without its other half.
const NOT_TEXT = String.raw`\p{Cs}\uFFFD\p{Noncharacter_Code_Point}\u202A-\u202E\u2066-\u2069`;
// C0 controls, DEL and C1 controls; the multi-line variant leaves out tab, LF and CR.
const REFUSED = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${NOT_TEXT}]`, 'u');
const REFUSED_BUT_LINES = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${NOT_TEXT}]`, 'u');

const kindOf = (codePoint: number): RefusedKind => {
  if (codePoint <= 0x9f) return 'control';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'unpaired-surrogate';
  if (codePoint === 0xfffd) return 'replacement';
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)) return 'reordering';
  return 'noncharacter';
};

/** The first character of `text` the rule refuses, if any. */
export const refusedCharacter = (text: string, { multiline = false }: TextOptions = {}): RefusedCharacter | undefined => {
  const found = (multiline ? REFUSED_BUT_LINES : REFUSED).exec(text);
  if (!found) return undefined;
  const codePoint = found[0].codePointAt(0)!;
  return { kind: kindOf(codePoint), codePoint };
};

const named = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** What the sender is told, naming the character so that it can be found and taken out. */
export const refusedCharacterMessage = (field: string, { kind, codePoint }: RefusedCharacter): string => {
  switch (kind) {
    case 'control':
      return `${field} must not contain control characters`;
    case 'unpaired-surrogate':
      return `${field} must not contain broken text: half of a character (${named(codePoint)}, an unpaired surrogate)`;
    case 'replacement':
      return `${field} must not contain U+FFFD, the mark of text lost on the way: type or paste it again`;
    case 'noncharacter':
      return `${field} must not contain ${named(codePoint)}, which is not a character`;
    case 'reordering':
      return `${field} must not contain ${named(codePoint)}, which reorders the text around it`;
  }
};

/** Why `text` cannot be accepted as the field `field`, or undefined when it can. */
export const textProblem = (field: string, text: string, options: TextOptions = {}): string | undefined => {
  const refused = refusedCharacter(text, options);
  return refused && refusedCharacterMessage(field, refused);
};
