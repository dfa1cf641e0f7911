import { ProductDraft, ProductFields, productFieldsOf, splitList } from '../../core/catalog/domain/product-form';
import { egp, usd } from '../../core/shared/money';
import { DomainError, isDomainError } from '../../core/shared/errors';

/** The fields of a draft the rules accept. */
const right = (result: ProductFields | DomainError): ProductFields => {
  if (isDomainError(result)) throw new Error(`expected the draft to pass: ${result.message}`);
  return result;
};

const valid: ProductDraft = {
  title: '  Clinical Endodontics ',
  author: 'Nadia Farouk, Omar Said',
  description: 'A practical guide.\nSecond line.',
  covers: ['https://img.example.com/a.jpg', '/uploads/0123456789abcdef01234567.png'],
  smallCover: '/covers/generic-0.svg',
  price: '19.99',
  egpprice: '999',
  category: 'books',
  subcategory: ['Endodontics', 'endodontics', 'Implantology'],
  size: '120.5',
  Pages: '300',
  Language: 'English',
  format: 'pdf',
  year: '2024',
  isbn: '978-1',
  producturl: 'https://files.example.com/book.pdf',
  downloadpass: 'open-sesame',
};

const problems = (draft: ProductDraft): string[] => {
  const result = productFieldsOf(draft);
  if (!isDomainError(result)) throw new Error('expected the draft to be refused');
  expect(result.kind).toBe('invalid');
  return result.message.split('\n');
};

describe('the product form (spec section 5)', () => {
  it('gives the fields of a valid draft: trimmed text, lists split on commas, exact prices, known categories once', () => {
    const fields = right(productFieldsOf(valid));
    expect(fields).toMatchObject({
      title: 'Clinical Endodontics',
      author: ['Nadia Farouk', 'Omar Said'],
      covers: ['https://img.example.com/a.jpg', '/uploads/0123456789abcdef01234567.png'],
      smallCover: ['/covers/generic-0.svg'],
      price: usd(1999),
      egpprice: egp(99900),
      category: 'books',
      subcategory: ['Endodontics', 'Implantology'],
      size: 120.5,
      Pages: 300,
      isbn: '978-1',
      producturl: 'https://files.example.com/book.pdf',
    });
    expect(fields).not.toHaveProperty('eISBN');
    expect(fields.description).toBe('A practical guide.\nSecond line.');
  });

  it('splits typed lists on commas and drops empty entries', () => {
    expect(splitList(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(['a, b', ' c '])).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
  });

  it('names every missing required field at once', () => {
    expect(problems({})).toEqual([
      'Title is required',
      'Author is required',
      'Description is required',
      'Price (USD) is required',
      'Price (EGP) is required',
      'Size (MB) is required',
      'Pages is required',
    ]);
  });

  it.each([
    [{ price: 'ten' }, 'Price (USD) must be a number with at most 2 decimals'],
    [{ price: '-1' }, 'Price (USD) cannot be negative'],
    [{ egpprice: '1.005' }, 'Price (EGP) must be a number with at most 2 decimals'],
    [{ price: '1e3' }, 'Price (USD) must be a number with at most 2 decimals'],
    [{ price: '100000.01' }, 'Price (USD) must be at most 100000'],
    [{ egpprice: '20000001' }, 'Price (EGP) must be at most 20000000'],
    [{ egpprice: '0' }, 'Price (USD) and Price (EGP) must both be 0 for a free product, or both be above 0 for a priced one'],
    [{ price: '0.00' }, 'Price (USD) and Price (EGP) must both be 0 for a free product, or both be above 0 for a priced one'],
    [{ Pages: '12.5' }, 'Pages must be a whole number'],
    [{ Pages: '-3' }, 'Pages cannot be negative'],
    [{ size: 'big' }, 'Size (MB) must be a number'],
    [{ category: 'videos' }, 'Category must be one of: books, courses, journals'],
    [{ subcategory: 'Astrology' }, 'Unknown book category: Astrology'],
    [{ Language: 'Klingon' }, 'Language must be one of: Arabic, English, Spanish, Portuguese, Italian'],
    [{ format: 'docx' }, "Format must be one of: pdf, epub, epub + converted to pdf copy"],
    [{ covers: 'javascript:alert(1)' }, 'Image addresses must start with https://, http:// or /: javascript:alert(1)'],
    [{ smallCover: '//evil.example.com/x.png' }, 'Image addresses must start with https://, http:// or /: //evil.example.com/x.png'],
    [{ producturl: '/local/file.pdf' }, 'Download link must start with https:// or http://'],
    [{ title: 'a\u0000b' }, 'Title must not contain control characters'],
    [{ title: 'Atlas \ud800' }, 'Title must not contain broken text: half of a character (U+D800, an unpaired surrogate)'],
    [{ title: 'gpj.\u202eexe' }, 'Title must not contain U+202E, which reorders the text around it'],
    [{ description: 'Line one\nLine \uffff two' }, 'Description must not contain U+FFFF, which is not a character'],
    [{ author: ['Nadia Farouk', 'Omar \u2066Said'] }, 'Author must not contain U+2066, which reorders the text around it'],
    [{ year: '20\ufffd24' }, 'Year must not contain U+FFFD, the mark of text lost on the way: type or paste it again'],
    [{ title: 'x'.repeat(301) }, 'Title must be at most 300 characters'],
    [{ author: Array.from({ length: 21 }, (_, i) => `A${i}`) }, 'Author: at most 20 entries'],
  ] as [ProductDraft, string][])('refuses %j: %s', (change, message) => {
    expect(problems({ ...valid, ...change })).toEqual([message]);
  });

  it('keeps Arabic text with its direction marks as typed', () => {
    const title = 'أطلس \u200f2024\u200f لطب الأسنان';
    expect(right(productFieldsOf({ ...valid, title, author: 'د. نادية\u200e فاروق' }))).toMatchObject({ title, author: ['د. نادية\u200e فاروق'] });
  });

  it('keeps line breaks in the description only', () => {
    expect(right(productFieldsOf({ ...valid, description: 'one\r\n\ttwo' })).description).toBe('one\r\n\ttwo');
    expect(problems({ ...valid, year: '20\n24' })).toEqual(['Year must not contain control characters']);
  });

  it('defaults the category to books and leaves optional fields out', () => {
    const { category, ...rest } = valid;
    const fields = right(productFieldsOf({ ...rest, isbn: ' ', producturl: '' }));
    expect(fields.category).toBe('books');
    expect(fields).not.toHaveProperty('isbn');
    expect(fields.producturl).toBe('');
  });
});
