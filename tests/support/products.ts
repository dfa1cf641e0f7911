import { NewProduct } from '../../core/catalog/domain/product';
import { egp, usd } from '../../core/shared/money';

let sequence = 0;
/** Distinct, valid ids in creation order. */
export const nextId = (): string => (0xa0000000 + ++sequence).toString(16).padStart(24, '0');

/** A product builder: `aProduct({ title: 'Atlas' })`, `aProduct().free()`. */
export const aProduct = (overrides: Partial<NewProduct> = {}): NewProduct => {
  const n = ++sequence;
  return {
    _id: nextId(),
    title: `Clinical Endodontics volume ${n}`,
    author: ['Nadia Farouk'],
    description: 'A practical guide.',
    covers: ['/covers/generic-0.svg'],
    smallCover: ['/covers/generic-0.svg'],
    price: usd(1999),
    egpprice: egp(99900),
    category: 'books',
    subcategory: ['Endodontics'],
    size: 120,
    Pages: 300,
    Language: 'English',
    format: 'pdf',
    year: '2023',
    createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    producturl: `https://downloads.example.com/${n}.pdf`,
    downloadpass: `secret-${n}`,
    ...overrides,
  };
};

export const free = (product: NewProduct): NewProduct => ({ ...product, price: usd(0), egpprice: egp(0) });
