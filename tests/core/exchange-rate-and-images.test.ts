import * as E from 'fp-ts/Either';
import { egpPriceAt, exchangeRate } from '../../core/catalog/domain/exchange-rate';
import { IMAGE_TOO_BIG, MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_MANY_PIXELS, checkImage } from '../../core/catalog/domain/images';
import { isDomainError } from '../../core/shared/errors';
import { egp, usd } from '../../core/shared/money';
import { right } from '../support/either';

describe('the exchange rate of the bulk EGP reprice (DECISIONS 10)', () => {
  it('reads a positive decimal rate exactly', () => {
    expect(right(exchangeRate(' 48.5 '))).toEqual({ egpPerUsd: '48.5', tenThousandths: 485_000n });
    for (const wrong of ['0', '0.0000', '-1', 'abc', '1.23456', '', '1e3', '200.0001', '1000'])
      expect(E.isLeft(exchangeRate(wrong))).toBe(true);
  });

  it('prices in whole pounds, rounding half up, and keeps free products free', () => {
    const at = (rate: string) => right(exchangeRate(rate));
    expect(egpPriceAt(usd(0), at('50'))).toEqual(egp(0));
    expect(egpPriceAt(usd(1999), at('50'))).toEqual(egp(100000)); // 999.5 -> 1000
    expect(egpPriceAt(usd(1), at('50'))).toEqual(egp(100)); // 0.5 -> 1
    expect(egpPriceAt(usd(1), at('49.9999'))).toEqual(egp(0)); // 0.499999 -> 0
    expect(egpPriceAt(usd(2500), at('48.55'))).toEqual(egp(121400)); // 1213.75 -> 1214
    expect(egpPriceAt(usd(10_000_000), at('200'))).toEqual(egp(20_000_000_00));
  });
});

describe('an uploaded image (DECISIONS 17)', () => {
  const bytes = new Uint8Array(100);
  const image = { name: 'cover.png', bytes };

  it('passes as what its content says it is', () => {
    expect(checkImage(image, { format: 'png', width: 600, height: 900 })).toEqual({ format: 'png', bytes, name: 'cover.png' });
    expect(checkImage(image, { format: 'jpeg', width: 600, height: 900 })).toEqual({ format: 'jpg', bytes, name: 'cover.png' });
  });

  it.each([
    ['no image at all', undefined, NOT_AN_IMAGE],
    ['an SVG', { format: 'svg', width: 10, height: 10 }, NOT_AN_IMAGE],
    ['a TIFF', { format: 'tiff', width: 10, height: 10 }, NOT_AN_IMAGE],
    ['no pixels', { format: 'png', width: 0, height: 0 }, NOT_AN_IMAGE],
    ['a pixel flood', { format: 'png', width: 10_000, height: 10_000 }, TOO_MANY_PIXELS],
    ['a side too long', { format: 'gif', width: 20_000, height: 1 }, TOO_MANY_PIXELS],
  ])('refuses %s', (_, facts, message) => {
    const result = checkImage(image, facts);
    expect(isDomainError(result) && result.kind === 'invalid' && result.message.startsWith(message)).toBe(true);
  });

  it('refuses an empty file and one over 10 MB (413)', () => {
    const empty = checkImage({ name: 'e.png', bytes: new Uint8Array(0) }, { format: 'png', width: 1, height: 1 });
    expect(isDomainError(empty) && empty.message).toBe(`${NOT_AN_IMAGE} (e.png)`);
    const big = checkImage({ name: 'big.jpg', bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) }, { format: 'jpeg', width: 1, height: 1 });
    expect(isDomainError(big) && [big.kind, big.message]).toEqual(['too-large', `${IMAGE_TOO_BIG} (big.jpg)`]);
  });

  it('names a file in a message without what its name could smuggle', () => {
    const result = checkImage({ name: '<script>x</script>.svg', bytes }, undefined);
    expect(isDomainError(result) && result.message).toBe(`${NOT_AN_IMAGE} (scriptxscript.svg)`);
  });
});
