import { directionOf, languageOf, preferredLanguage } from '../../core/shared/language';
import { egp, formatMoneyIn, usd } from '../../core/shared/money';

describe("the store's languages", () => {
  it.each([
    ['ar-EG,ar;q=0.9,en-US;q=0.8,en;q=0.7', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,pt-BR;q=0.8,es;q=0.7', 'pt'],
    ['es;q=0.4, pt;q=0.6', 'pt'],
    ['ES-mx', 'es'],
    ['ar;q=0, pt', 'pt'],
  ])('reads Accept-Language %j as %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it.each([undefined, '', 'fr, de', '*', ';;;', 'ar;q=abc', 'ar;q=2'])('finds none of its languages in %j', (header) => {
    expect(preferredLanguage(header)).toBeUndefined();
  });

  it('takes anything unknown as English, and writes Arabic right to left', () => {
    expect([languageOf('xx'), languageOf(undefined), languageOf('AR'), languageOf('ar')]).toEqual(['en', 'en', 'en', 'ar']);
    expect([directionOf('ar'), directionOf('pt')]).toEqual(['rtl', 'ltr']);
  });
});

describe('a price in a translation', () => {
  it('follows its locale: whole pounds without piasters, piasters with both digits, Western digits in Arabic, the word for free', () => {
    const ar = 'ar-EG-u-nu-latn';
    // Intl puts right-to-left marks and no-break spaces around the symbol.
    const plain = (text: string) => text.replace(/\u200f/g, '').replace(/\s/g, ' ');
    expect(plain(formatMoneyIn(ar, egp(120_000), 'مجاني'))).toBe('1,200 ج.م.');
    expect(plain(formatMoneyIn(ar, egp(50_050), 'مجاني'))).toBe('500.50 ج.م.');
    expect(plain(formatMoneyIn('pt-BR', usd(2_500), 'Grátis'))).toBe('US$ 25,00');
    expect(formatMoneyIn('es', usd(0), 'Gratis')).toBe('Gratis');
  });
});
