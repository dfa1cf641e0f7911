import { add, egp, equals, formatMoney, fromDecimal, isFree, money, sum, toDecimal, toDecimalString, usd, zero } from '../../core/shared/money';

describe('money', () => {
  it('holds whole minor units and refuses anything else', () => {
    expect(usd(1999)).toEqual({ minor: 1999, currency: 'USD' });
    for (const wrong of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => money(wrong, 'USD')).toThrow(RangeError);
  });

  it('reads decimal amounts exactly, and refuses more than two decimals or negatives', () => {
    expect(fromDecimal(19.99, 'USD')).toEqual(usd(1999));
    expect(fromDecimal(0.1 + 0.2, 'USD')).toEqual(usd(30));
    expect(fromDecimal(1200, 'EGP')).toEqual(egp(120000));
    expect(fromDecimal(1.005, 'USD')).toBeUndefined();
    expect(fromDecimal(-1, 'USD')).toBeUndefined();
    expect(fromDecimal(Number.POSITIVE_INFINITY, 'USD')).toBeUndefined();
  });

  it('writes decimal numbers and the decimal strings payment APIs take', () => {
    expect(toDecimal(usd(1999))).toBe(19.99);
    expect(toDecimalString(usd(1999))).toBe('19.99');
    expect(toDecimalString(usd(5))).toBe('0.05');
    expect(toDecimalString(egp(120000))).toBe('1200.00');
  });

  it('adds exactly within one currency, and never across two', () => {
    expect(sum([usd(10), usd(20), usd(1999)], 'USD')).toEqual(usd(2029));
    expect(sum([], 'EGP')).toEqual(zero('EGP'));
    // Ten dimes are a dollar, which floats do not promise.
    expect(sum(Array.from({ length: 10 }, () => usd(10)), 'USD')).toEqual(usd(100));
    expect(() => add(usd(1), egp(1) as never)).toThrow(RangeError);
    expect(equals(usd(1), usd(1))).toBe(true);
    expect(equals(usd(1), egp(1))).toBe(false);
  });

  it('shows prices as the store does, free at zero', () => {
    expect(formatMoney(usd(2450))).toBe('$24.50');
    expect(formatMoney(egp(122500))).toBe('EGP 1,225');
    expect(formatMoney(egp(122550))).toBe('EGP 1,225.5');
    expect(formatMoney(usd(0))).toBe('Free');
    expect(isFree(egp(0))).toBe(true);
  });
});
