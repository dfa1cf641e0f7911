import fc from 'fast-check';
import nodePunycode from 'node:punycode';
import { domainToASCII } from 'node:url';
import { punycode } from '../../core/delivery/domain/punycode';
import { NOT_AN_ORDER_NUMBER, NOT_A_BUYER_ADDRESS, asciiEmail, stampFor } from '../../core/delivery/domain/stamp';
import { emailMessage, normalEmail } from '../../core/identity/domain/user';
import { left, right } from '../support/either';

/** The stamp a buyer's copy carries (core/delivery/domain/stamp.ts). */
describe('the stamp', () => {
  it('names the buyer and the order', () => {
    expect(right(stampFor({ email: 'hana@mail.test', orderNumber: 'a1b2c3' }))).toEqual({
      text: 'Licensed to hana@mail.test - order a1b2c3',
      email: 'hana@mail.test',
      orderNumber: 'a1b2c3',
    });
  });

  it('takes the address in the form the store keeps it', () => {
    expect(right(stampFor({ email: '  Hana@Mail.Test ', orderNumber: 'a1b2c3' })).email).toBe('hana@mail.test');
  });

  it.each([
    ['سارة@مثال.مصر', 'xn--mgbexg@xn--mgbh0fb.xn--wgbh1c'],
    ['josé@correo.españa.es', 'xn--jos-dma@correo.xn--espaa-rta.es'],
    ['अनु@उदाहरण.भारत', 'xn--l1b4e9c@xn--p1b6ci4b4b3a.xn--h2brj9c'],
    ['hana@example.xn--wgbh1c', 'hana@example.xn--wgbh1c'],
  ])('writes the internationalised address %j in ASCII: %j', (email, ascii) => {
    const stamp = right(stampFor({ email, orderNumber: '00ff12' }));
    expect(stamp.email).toBe(ascii);
    expect(stamp.text).toBe(`Licensed to ${ascii} - order 00ff12`);
  });

  it('writes the domain in its IDNA form, as DNS carries it', () => {
    for (const email of ['سارة@مثال.مصر', 'josé@correo.españa.es', 'अनु@उदाहरण.भारत', 'x@bücher.example'])
      expect(asciiEmail(email).split('@')[1]).toBe(domainToASCII(email.split('@')[1]!));
  });

  // Letters of several scripts, marks after a letter, and the symbols an address may hold.
  const letter = fc.constantFrom(...'aZ9éßжالسअन中ひ한'.split(''), 'ü', "'", '+', '_');
  const part = fc.array(letter, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));
  const address = fc
    .tuple(part, fc.array(part, { minLength: 2, maxLength: 3 }))
    .map(([local, labels]) => `${local}@${labels.join('.')}`)
    .filter((email) => emailMessage(email) === undefined);

  it('is printable ASCII for every address the store accepts, and the address reads back from it', () => {
    fc.assert(
      fc.property(address, (email) => {
        const stamp = right(stampFor({ email, orderNumber: 'a1b2c3' }));
        expect(stamp.text).toMatch(/^[\x20-\x7e]+$/);
        const readBack = stamp.email
          .split(/([.@])/)
          .map((piece) => (piece.startsWith('xn--') ? nodePunycode.decode(piece.slice(4)) : piece))
          .join('');
        expect(readBack).toBe(normalEmail(email));
      }),
    );
  });

  it('writes Punycode as RFC 3492 does', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), (label) => expect(punycode(label)).toBe(nodePunycode.encode(label))));
  });

  it.each(['', 'hana', 'hana@mail', 'a\u202e@b.com'])('refuses to stamp for %j, which is no address', (email) => {
    expect(left(stampFor({ email, orderNumber: 'a1b2c3' }))).toEqual(expect.objectContaining({ kind: 'invalid', message: NOT_A_BUYER_ADDRESS }));
  });

  it.each(['', 'a1 b2', 'a1b2c3\n', 'ä1b2c3', 'x'.repeat(41)])('refuses to stamp order number %j', (orderNumber) => {
    expect(left(stampFor({ email: 'hana@mail.test', orderNumber }))).toEqual(expect.objectContaining({ kind: 'invalid', message: NOT_AN_ORDER_NUMBER }));
  });
});
