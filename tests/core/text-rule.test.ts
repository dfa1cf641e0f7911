import fc from 'fast-check';
import { RefusedKind, refusedCharacter, textProblem } from '../../core/shared/text';

/**
 * The store's one text rule (core/shared/text.ts), against an oracle written from Unicode's
 * definitions rather than from the rule's pattern.
 */
const kindByDefinition = (codePoint: number, multiline: boolean): RefusedKind | undefined => {
  const lineBreakOrTab = codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d;
  if ((codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) && !(multiline && lineBreakOrTab)) return 'control';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'unpaired-surrogate';
  if (codePoint === 0xfffd) return 'replacement';
  if ((codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe) return 'noncharacter';
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)) return 'reordering';
  return undefined;
};

/** What UTF-8 (the database's encoding) gives back for a text: the same text, or U+FFFD for a half surrogate. */
const throughUtf8 = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

// Any code point; a surrogate on its own is an unpaired one, as JSON's "\ud800" gives.
const anyCodePoint = fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }),
  fc.integer({ min: 0xd800, max: 0xdfff }),
  fc.integer({ min: 0xfdd0, max: 0xfdef }),
  fc.integer({ min: 0, max: 16 }).map((plane) => plane * 0x10000 + 0xfffe + (plane % 2)),
  fc.constantFrom(0x202a, 0x202e, 0x2066, 0x2069, 0x200e, 0x200f, 0x061c, 0xfffd, 0x0000, 0x000a),
);
const textOf = (codePoints: number[]) => codePoints.map((c) => String.fromCodePoint(c)).join('');

describe('the text rule', () => {
  it.each<[string, string, string]>([
    ['an unpaired high surrogate', '\ud800', 'Title must not contain broken text: half of a character (U+D800, an unpaired surrogate)'],
    ['an unpaired low surrogate', '\udc00', 'Title must not contain broken text: half of a character (U+DC00, an unpaired surrogate)'],
    ['U+FFFD', '\ufffd', 'Title must not contain U+FFFD, the mark of text lost on the way: type or paste it again'],
    ['U+FFFF', '\uffff', 'Title must not contain U+FFFF, which is not a character'],
    ['U+FDD0', '\ufdd0', 'Title must not contain U+FDD0, which is not a character'],
    ['U+10FFFE', '\u{10fffe}', 'Title must not contain U+10FFFE, which is not a character'],
    ['U+202E', '\u202e', 'Title must not contain U+202E, which reorders the text around it'],
    ['U+2066', '\u2066', 'Title must not contain U+2066, which reorders the text around it'],
    ['NUL', '\u0000', 'Title must not contain control characters'],
  ])('refuses %s with a message that names it', (_name, character, message) => {
    expect(textProblem('Title', `Atlas ${character} of Anatomy`)).toBe(message);
    expect(textProblem('Title', `Atlas ${character} of Anatomy`, { multiline: true })).toBe(message);
  });

  it('refuses every one of the 66 noncharacters, and none of their neighbours', () => {
    const noncharacters = [
      ...Array.from({ length: 32 }, (_, i) => 0xfdd0 + i),
      ...Array.from({ length: 17 }, (_, plane) => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff]).flat(),
    ];
    expect(noncharacters).toHaveLength(66);
    for (const c of noncharacters) expect(refusedCharacter(`a${String.fromCodePoint(c)}b`)).toEqual({ kind: 'noncharacter', codePoint: c });
    for (const c of [0xfdcf, 0xfdf0, 0xfffc, 0x1fffd, 0x20000, 0x10fffd]) expect(refusedCharacter(`a${String.fromCodePoint(c)}b`)).toBeUndefined();
  });

  it('allows the direction marks Arabic text uses, paired surrogates, joiners and Arabic letters with their marks', () => {
    for (const text of [
      'سعر الكتاب \u200f100\u200f دولار', // RLM keeps the number on the Arabic side
      'Version\u200e 2 \u061c(عربي)', // LRM and ALM
      'طِبُّ الأَسنان', // letters with harakat (marks)
      'Crown \ud83e\uddb7 and \ud83d\udc69\u200d\u2695\ufe0f', // tooth emoji, a ZWJ sequence
      '\u{20000}\u{2a6d6}', // CJK extension B: pairs
      'A\u202fB\u2065C\u206aD', // neighbours of the refused ranges
    ])
      expect([text, textProblem('Title', text)]).toEqual([text, undefined]);
  });

  it('accepts exactly the text it would store unchanged, minus the characters it refuses on purpose', () => {
    fc.assert(
      fc.property(fc.array(anyCodePoint, { maxLength: 40 }), fc.boolean(), (codePoints, multiline) => {
        const text = textOf(codePoints);
        const refusedByDefinition = codePoints.map((c) => kindByDefinition(c, multiline)).find((kind) => kind !== undefined);
        const refused = refusedCharacter(text, { multiline });
        // Two surrogates next to each other can pair into one character: the oracle sees them apart.
        if (/[\ud800-\udbff][\udc00-\udfff]/.test(text)) return;
        expect(refused?.kind).toBe(refusedByDefinition);
        if (!refused) expect(throughUtf8(text)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses any text with one refused character in it, wherever it is, and names that character', () => {
    const allowed = fc.array(
      anyCodePoint.filter((c) => kindByDefinition(c, false) === undefined),
      { maxLength: 20 },
    );
    const refusedOne = anyCodePoint.filter((c) => kindByDefinition(c, false) !== undefined);
    fc.assert(
      fc.property(allowed, refusedOne, allowed, (before, bad, after) => {
        const text = textOf([...before, bad, ...after]);
        // A high surrogate just before a low one is a pair, not two halves. Only that is left out: a
        // character beyond U+FFFF is a pair of its own, which the pattern on the text also took for one.
        fc.pre(Array.from(text).length === before.length + 1 + after.length);
        expect(refusedCharacter(text)).toEqual({ kind: kindByDefinition(bad, false), codePoint: bad });
      }),
      { numRuns: 2000 },
    );
  });
});
