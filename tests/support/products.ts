import { NewProduct } from '../../core/catalog/domain/product';
import { isFreeOrPriced } from '../../core/catalog/domain/free';
import { egp, usd } from '../../core/shared/money';

let sequence = 0;
/** Distinct, valid ids in creation order. */
export const nextId = (): string => (0xa0000000 + ++sequence).toString(16).padStart(24, '0');

/** A product builder: `aProduct({ title: 'Atlas' })`, `aProduct().free()`. */
export const aProduct = (overrides: Partial<NewProduct> = {}): NewProduct => {
  const n = ++sequence;
  const product: NewProduct = {
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
  // A test that meant a free product and set one price only would test a product the store refuses.
  if (!isFreeOrPriced(product))
    throw new Error(`aProduct: free in one currency only (DECISIONS 22); use free(), or freeInOneCurrency() on purpose`);
  return product;
};

export const free = (product: NewProduct): NewProduct => ({ ...product, price: usd(0), egpprice: egp(0) });

/** A product stored before DECISIONS 22, as the editor no longer takes it: free in `currency` only. */
export const freeInOneCurrency = (product: NewProduct, currency: 'USD' | 'EGP'): NewProduct =>
  currency === 'EGP' ? { ...product, egpprice: egp(0) } : { ...product, price: usd(0) };
