import fc from 'fast-check';
import { buyerProblems } from '../../core/cart/domain/checkout-form';
import { emailMessage, normalEmail } from '../../core/identity/domain/user';

/** The store's one e-mail rule (core/identity/domain/user.ts), used by every form that takes an address. */
describe('the e-mail rule', () => {
  it.each([
    'hana@mail.test',
    'Hana.Ali@Mail.Test',
    "o'brien+books@dental.example.com",
    "!#$%&'*+/=?^_`{|}~-@x.test", // every symbol RFC 5322 allows in a local part
    'user%relay@mail.test', // % is one of them
    'a@b.co',
    '3com@3com.com',
    'x@mail-server.example.org',
    'سارة@مثال.مصر', // an internationalised address: Arabic local part, domain and top-level domain
    'josé@correo.españa.es',
    'अनु@उदाहरण.भारत', // Devanagari, whose vowel signs are marks
    'hana@example.xn--wgbh1c', // the ASCII form of .مصر
    '\uff28ana@Mail.test', // fullwidth H: the same address once normalised
    `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}`, // 254 characters, each part at its limit
  ])('accepts %j', (address) => expect(emailMessage(address)).toBeUndefined());

  it.each([
    ['a@b.com%00', 'a % in the domain (a URL-encoded NUL)'],
    ['a@b.com\u0000', 'NUL'],
    ['a@b.com\uffff', 'a noncharacter'],
    ['a@b.com\ufdd0', 'a noncharacter'],
    ['a@b.com\ud800', 'an unpaired surrogate'],
    ['a\u202e@b.com', 'a reordering control'],
    ['a\u200f@b.com', 'a direction mark'],
    ['ha\u00adna@mail.test', 'a soft hyphen'],
    ['hana@mail\u200c.test', 'a zero-width non-joiner'],
    ['ha\u034fna@mail.test', 'a combining grapheme joiner (a mark that shows nothing)'],
    ['hana\ufe0f@mail.test', 'a variation selector'],
    ['\u3164@mail.test', 'a Hangul filler (a letter that shows nothing)'],
    ['hana@', 'no domain'],
    ['@mail.test', 'no local part'],
    ['hana', 'no @'],
    ['hana@mail', 'one label'],
    ['owner@store', 'one label'],
    ['hana@mail.t', 'a one-letter top-level domain'],
    ['hana@mail.c0m', 'a digit in the top-level domain'],
    ['hana@127.0.0.1', 'an IP address'],
    ['hana@[127.0.0.1]', 'an address literal'],
    ['hana@mail.test.', 'a trailing dot in the domain'],
    ['hana@mail..test', 'an empty label'],
    ['hana@-mail.test', 'a label starting with a hyphen'],
    ['hana@mail-.test', 'a label ending with a hyphen'],
    ['hana@mail_box.test', 'an underscore in the domain'],
    ['hana.@mail.test', 'a trailing dot in the local part'],
    ['.hana@mail.test', 'a leading dot in the local part'],
    ['ha..na@mail.test', 'a doubled dot'],
    ['"hana"@mail.test', 'a quoted local part'],
    ['ha na@mail.test', 'a space'],
    ['hana@mail.test@other.test', 'two @'],
    ['ha(na)@mail.test', 'a comment'],
    ['ha,na@mail.test', 'a comma'],
    ['<hana@mail.test>', 'angle brackets'],
    ['\u0301hana@mail.test', 'a local part that starts with a mark'],
    [`${'l'.repeat(65)}@mail.test`, 'a local part of 65'],
    [`hana@${'d'.repeat(64)}.test`, 'a label of 64'],
    [`${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(62)}`, '255 characters'],
  ])('refuses %j (%s)', (address) => expect(emailMessage(address)).toBe('Invalid email format'));

  it('checks the address in the form the store keeps it', () => {
    expect(emailMessage('  Hana@Mail.Test  ')).toBeUndefined();
    expect(normalEmail('  Hana@Mail.Test  ')).toBe('hana@mail.test');
    // Ⅻ is NFKC's "xii": a letter once normalised.
    expect(emailMessage('\u216b@mail.test')).toBeUndefined();
  });

  it('is the checkout form\'s rule too', () => {
    expect(buyerProblems({ name: 'Hana', email: 'a@b.com%00' })).toEqual({ email: 'Invalid email format' });
    expect(buyerProblems({ name: 'Hana', email: 'a@b.com\uffff' })).toEqual({ email: 'Invalid email format' });
    expect(buyerProblems({ name: 'Hana', email: 'سارة@مثال.مصر' })).toEqual({});
  });

  const codePoint = (min: number, max: number) => fc.integer({ min, max });
  const inside = fc.constantFrom(
    (c: string) => `ha${c}na@mail.test`,
    (c: string) => `hana${c}@mail.test`,
    (c: string) => `hana@ma${c}il.test`,
    (c: string) => `hana@mail.te${c}st`,
  );

  it('refuses any address holding a character the text rule refuses, a space or a symbol RFC 5322 leaves out, wherever it is', () => {
    const refusedAnywhere = fc
      .oneof(
        codePoint(0xd800, 0xdfff),
        codePoint(0xfdd0, 0xfdef),
        codePoint(0, 16).map((plane) => plane * 0x10000 + 0xfffe + (plane % 2)),
        codePoint(0, 0x1f),
        codePoint(0x7f, 0x9f),
        fc.constantFrom(0x202a, 0x202e, 0x2066, 0x2069, 0x200e, 0x200f, 0x061c, 0xfffd, 0x20, 0xa0, 0x3000),
        fc.constantFrom(...'"(),:;<>[]\\@'.split('').map((c) => c.codePointAt(0)!)),
      )
      .map((c) => String.fromCodePoint(c));
    fc.assert(
      fc.property(refusedAnywhere, inside, (c, place) => {
        expect([place(c), emailMessage(place(c))]).toEqual([place(c), 'Invalid email format']);
      }),
      { numRuns: 3000 },
    );
  });

  it("refuses the local part's symbols in the domain", () => {
    const symbol = fc.constantFrom(..."!#$%&'*+/=?^_`{|}~".split(''));
    const inDomain = fc.constantFrom((c: string) => `hana@ma${c}il.test`, (c: string) => `hana@mail.te${c}st`, (c: string) => `hana@mail.test${c}`);
    fc.assert(fc.property(symbol, inDomain, (c, place) => expect(emailMessage(place(c))).toBe('Invalid email format')));
  });
});
