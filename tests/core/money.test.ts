import { add, egp, equals, formatCountIn, formatMoney, formatMoneyIn, fromDecimal, isFree, money, sum, toDecimal, toDecimalString, usd, zero } from '../../core/shared/money';

/** Amounts of every shape: cents alone, a trailing zero, each grouping up to the billions. */
const AMOUNTS = [1, 5, 10, 20, 99, 100, 101, 110, 999, 1000, 99_999, 100_000, 120_000, 123_456, 999_999_99, 1_000_000_00, 123_456_789_01];

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

  it("writes each amount exactly as en-US's Intl does, into the billions", () => {
    const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const egpFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    for (const minor of AMOUNTS) {
      expect(formatMoney(usd(minor))).toBe(usdFormat.format(minor / 100));
      expect(formatMoney(egp(minor))).toBe(`EGP ${egpFormat.format(minor / 100)}`);
    }
  });

  it("writes Arabic prices by hand exactly as Intl's ar-EG with Western digits does", () => {
    const locale = 'ar-EG-u-nu-latn';
    const intl = (currency: 'USD' | 'EGP', whole: boolean) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency, ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) });
    for (const minor of AMOUNTS) {
      expect(formatMoneyIn(locale, usd(minor), 'مجاني')).toBe(intl('USD', false).format(minor / 100));
      expect(formatMoneyIn(locale, egp(minor), 'مجاني')).toBe(intl('EGP', minor % 100 === 0).format(minor / 100));
    }
    expect(formatMoneyIn(locale, egp(0), 'مجاني')).toBe('مجاني');
  });

  it("writes Arabic counts by hand exactly as Intl's ar-EG with Western digits does", () => {
    const locale = 'ar-EG-u-nu-latn';
    for (const count of [0, 1, 7, 12, 999, 1000, 12_345, 1_000_000, 123_456_789, -3, 1.5]) expect(formatCountIn(locale, count)).toBe(count.toLocaleString(locale));
    expect(formatCountIn('pt-BR', 1234)).toBe((1234).toLocaleString('pt-BR'));
  });
});
