import { resetLetterOf } from '../../core/identity/domain/reset-letter';
import {
  confirmationOf,
  copiesReadyOf,
  deliveryNoticeOf,
  payAtLetterOf,
  refundLetterOf,
  reminderOf,
  transferRejectedLetterOf,
} from '../../core/ordering/domain/confirmation';
import { LETTER_WORDS, LetterWords } from '../../core/ordering/domain/letters';
import { priceIn } from '../../core/ordering/domain/letters/layout';
import { libraryLetterOf } from '../../core/ordering/domain/library-letter';
import { Order } from '../../core/ordering/domain/order';
import { OutgoingMail } from '../../core/ordering/ports/mailer';
import { LANGUAGES, Language } from '../../core/shared/language';
import { egp, usd } from '../../core/shared/money';

/**
 * Issue 20, part 6: every letter in every language. A language missing a letter, or a letter left
 * in English in another language's file, fails here; so does an Arabic letter that is not right to left.
 */
const contact = { supportAddress: 'help@store.test', storeUrl: 'https://store.test/' };
const payAt = { reference: 'REF-77', payTo: 'Fawry', expiresAt: '2026-12-01T10:00:00Z' };
const anOrder = (language: Language, overrides: Partial<Order> = {}): Order => ({
  id: 'a0000000000000000000beef',
  userId: 'u0000000000000000000000a',
  buyerName: 'Hana Adel',
  buyerEmail: 'hana@mail.test',
  language,
  method: 'paymob',
  paymentMethod: 'kiosk',
  currency: 'EGP',
  total: egp(120_000),
  lines: [{ productId: 'p1', title: 'Atlas of Periodontics', price: egp(120_000) }],
  status: 'paid',
  delivered: true,
  refunded: egp(0),
  payAt,
  createdAt: '2026-11-30T10:00:00Z',
  version: 1,
  ...overrides,
});

/** Every letter the store sends, as `language` writes it. */
const lettersIn = (language: Language): Record<string, OutgoingMail> => {
  const order = anOrder(language);
  const guest = anOrder(language, { userId: undefined });
  return {
    confirmation: confirmationOf(order, contact),
    confirmationUndelivered: confirmationOf(anOrder(language, { delivered: false }), contact),
    confirmationGuest: confirmationOf(guest, contact, 'https://store.test/library/open/t'),
    confirmationCopies: confirmationOf(order, contact, undefined, true),
    confirmationGuestCopies: confirmationOf(guest, contact, 'https://store.test/library/open/t', true),
    delivered: deliveryNoticeOf(order, contact),
    deliveredWithoutDownloads: deliveryNoticeOf(order, contact, false),
    copiesReady: copiesReadyOf(order, contact),
    copiesReadyGuest: copiesReadyOf(guest, contact),
    payAt: payAtLetterOf(order, payAt, contact),
    reminder: reminderOf(order, payAt, contact),
    refund: refundLetterOf(anOrder(language, { status: 'refunded' }), ['p1'], egp(120_000), contact),
    partRefund: refundLetterOf(anOrder(language, { status: 'partly-refunded' }), ['p1'], egp(50_050), contact),
    transferRejected: transferRejectedLetterOf(order, 'No receipt', contact),
    library: libraryLetterOf('hana@mail.test', 'token', contact, language),
    reset: resetLetterOf('hana@mail.test', 'token', contact, language),
  };
};

/** Each word of a language's file, its functions called with sample values. */
const wordsOf = (words: LetterWords): Record<string, string> => {
  const flat: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') flat[path] = value;
    else if (typeof value === 'function') {
      const said: unknown = value('X1', 'Y2');
      if (Array.isArray(said)) said.forEach((part, i) => (flat[`${path}[${i}]`] = String(part)));
      else flat[path] = String(said);
    } else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(words, '');
  return flat;
};

describe("the letters in the buyer's language", () => {
  const english = wordsOf(LETTER_WORDS.en);
  /** Words that may be the same as English: a full stop, a title and its price, a number; 'Total' in Portuguese and Spanish. */
  const MAY_BE_SAME = new Set(['needHelp.1', 'line', 'total']);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every word English has, each translated', (language) => {
    const words = wordsOf(LETTER_WORDS[language]);
    expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
    // An opening's middle part is the order number, the reference or the amount it was given.
    const untranslated = Object.keys(english).filter((key) => !MAY_BE_SAME.has(key) && !/\[1\]$/.test(key) && words[key] === english[key]);
    expect(untranslated).toEqual([]);
    for (const [key, said] of Object.entries(words)) if (!/\[[12]\]$/.test(key) && key !== 'needHelp.1') expect({ key, empty: said.trim() === '' }).toEqual({ key, empty: false });
  });

  it.each(LANGUAGES)('%s writes every letter, none of them in another language', (language) => {
    const letters = lettersIn(language);
    const subjects = new Set(Object.values(letters).map((l) => l.subject));
    expect(subjects.size).toBeGreaterThanOrEqual(10);
    if (language !== 'en') {
      const inEnglish = lettersIn('en');
      for (const [name, letter] of Object.entries(letters)) {
        expect({ name, subject: letter.subject === inEnglish[name]!.subject }).toEqual({ name, subject: false });
        expect(letter.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      }
    }
  });

  it('Arabic: right to left in both parts, Western digits, EGP as ج.م., links into the Arabic pages', () => {
    const letter = confirmationOf(anOrder('ar'), contact);
    expect(letter.subject).toMatch(/^تم تأكيد طلبك رقم 00beef/);
    expect(letter.html).toContain('<html lang="ar" dir="rtl">');
    expect(letter.html).toContain('<div lang="ar" dir="rtl"');
    expect(letter.html).toContain('<bdi>Atlas of Periodontics</bdi>');
    expect(letter.html).toContain('https://store.test/ar/user/profile');
    // Every line of the text part starts right to left, even one that begins with a Latin title.
    for (const line of letter.text.split('\n').filter(Boolean)) expect(line.startsWith('\u200f')).toBe(true);
    expect(letter.text).toContain('1,200\u00a0ج.م.');
    expect(letter.text).not.toMatch(/[٠-٩]/);
    expect(payAtLetterOf(anOrder('ar'), payAt, contact).text).toMatch(/ادفع قبل: 01\u200f\/12\u200f\/2026، 12:00 م \(بتوقيت القاهرة\)/);
    expect(libraryLetterOf('hana@mail.test', 'token', contact, 'ar').text).toContain('https://store.test/ar/library/open/token');
    expect(resetLetterOf('hana@mail.test', 'token', contact, 'ar').text).toContain('https://store.test/ar/reset-password/token');
    expect(resetLetterOf('hana@mail.test', 'token', contact, 'ar').text).toContain('خلال 60 دقيقة');
    expect(libraryLetterOf('hana@mail.test', 'token', contact, 'ar').text).toContain('خلال 7 أيام');
  });

  it('a place the store names is said in the buyer language; a provider\'s own words as they are', () => {
    const kiosk = { reference: '30000017', payTo: 'Aman or Masary kiosk', place: 'kiosk' as const };
    expect(payAtLetterOf(anOrder('ar'), kiosk, contact).text).toContain('مكان الدفع: منافذ أمان أو مصاري');
    expect(payAtLetterOf(anOrder('es'), kiosk, contact).text).toContain('Dónde pagar: quiosco Aman o Masary');
    expect(payAtLetterOf(anOrder('en'), kiosk, contact).text).toContain('Pay at: Aman or Masary kiosk');
    expect(payAtLetterOf(anOrder('ar'), payAt, contact).text).toContain('مكان الدفع: Fawry');
  });

  it('prices as each language writes them; free is said in words; English as the store always wrote it', () => {
    expect(LANGUAGES.map((l) => priceIn(l, egp(120_000)).replace(/[\u200f\u00a0]/g, ' ').trim())).toEqual(['EGP 1,200', 'EGP 1.200', '1200 EGP', '1,200 ج.م.']);
    expect(LANGUAGES.map((l) => priceIn(l, egp(50_050)).replace(/[\u200f\u00a0]/g, ' ').trim())).toEqual(['EGP 500.5', 'EGP 500,50', '500,50 EGP', '500.50 ج.م.']);
    expect(LANGUAGES.map((l) => priceIn(l, usd(2599)).replace(/[\u200f\u00a0]/g, ' ').trim())).toEqual(['$25.99', 'US$ 25,99', '25,99 US$', '25.99 US$']);
    expect(LANGUAGES.map((l) => priceIn(l, usd(0)))).toEqual(['Free', 'Grátis', 'Gratis', 'مجانًا']);
  });

  it('English letters are left as they were: no document wrapper, no prefix in links', () => {
    const letter = confirmationOf(anOrder('en'), contact);
    expect(letter.subject).toBe('Dental Library: order 00beef confirmed');
    expect(letter.html.startsWith('<p>Hello Hana Adel,</p>')).toBe(true);
    expect(letter.text).toContain('Your downloads are ready in the Orders section of your profile: https://store.test/user/profile');
    expect(confirmationOf(anOrder('en', { language: undefined }), contact)).toEqual(letter);
  });

  it('Portuguese and Spanish: their own words and links', () => {
    expect(confirmationOf(anOrder('pt'), contact).text).toContain('Obrigado por comprar na Dental Library');
    expect(confirmationOf(anOrder('pt'), contact).text).toContain('https://store.test/pt/user/profile');
    expect(confirmationOf(anOrder('es'), contact).text).toContain('Gracias por tu compra en Dental Library');
    expect(copiesReadyOf(anOrder('es', { userId: undefined }), contact).text).toContain('https://store.test/es/library');
  });
});
