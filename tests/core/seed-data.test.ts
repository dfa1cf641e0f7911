import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEMO_EMPTY_CATEGORIES,
  demoCatalogue,
  demoId,
} from '../../adapters/persistence/seed/demo-catalogue';
import { isFreeOrPriced, isFreeProduct } from '../../core/catalog/domain/free';
import { largeCatalogue } from '../../adapters/persistence/seed/large-catalogue';
import {
  BOOK_CATEGORIES,
  FORMATS,
  LANGUAGES,
  PRODUCT_TYPES,
  BookCategory,
} from '../../core/catalog/domain/product';

const PUBLIC_DIR = join(__dirname, '..', '..', 'ui', 'public');
const ID = /^[0-9a-f]{24}$/;

describe('demo catalogue', () => {
  const products = demoCatalogue();

  it('has at least 60 products with unique 24-hex ids', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    const ids = products.map((p) => p._id);
    for (const id of ids) expect(id).toMatch(ID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(demoId(1)).toMatch(ID);
  });

  it('is deterministic', () => {
    expect(demoCatalogue()).toEqual(products);
  });

  it('has every product type', () => {
    for (const type of PRODUCT_TYPES) expect(products.some((p) => p.category === type)).toBe(true);
  });

  it('has at least 4 free products, and every product free or priced in both currencies (DECISIONS 22)', () => {
    expect(products.filter(isFreeProduct).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => !isFreeOrPriced(p))).toEqual([]);
  });

  it('has at least 5 titles longer than 68 characters', () => {
    expect(products.filter((p) => p.title.length > 68).length).toBeGreaterThanOrEqual(5);
  });

  it('uses only the fixed book categories and leaves the empty ones unused', () => {
    const used = new Set<BookCategory>(products.flatMap((p) => [...p.subcategory]));
    for (const c of used) expect(BOOK_CATEGORIES).toContain(c);
    for (const c of DEMO_EMPTY_CATEGORIES) expect(used.has(c)).toBe(false);
    for (const p of products.filter((q) => q.category === 'books')) expect(p.subcategory.length).toBeGreaterThan(0);
  });

  it('fills the fields the product page shows', () => {
    for (const p of products) {
      expect(p.author.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(0);
      expect((LANGUAGES as readonly string[]).includes(p.Language)).toBe(true);
      expect((FORMATS as readonly string[]).includes(p.format)).toBe(true);
      expect(p.year).toMatch(/^\d{4}$/);
      // Each demo product's file is kept by the store (seed/demo-files.ts), not linked elsewhere.
      expect([p.producturl, p.downloadpass]).toEqual(['', '']);
      if (p.category === 'books') expect(p.isbn).toMatch(/^978-/);
      if (p.category === 'courses') {
        expect(p.duration).toMatch(/^\d+h \d{2}m$/);
        expect(p.videonumbers).toMatch(/^\d+ videos$/);
      }
    }
    expect(products.some((p) => p.size >= 1000)).toBe(true);
    expect(products.some((p) => p.description.length >= 600)).toBe(true);
  });

  it('has distinct creation dates', () => {
    const dates = products.map((p) => p.createdAt);
    for (const d of dates) expect(Number.isNaN(Date.parse(d ?? ''))).toBe(false);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('has a cover file on disk for every product', () => {
    for (const p of products) {
      expect(p.covers.length).toBeGreaterThan(0);
      for (const url of [...p.covers, ...p.smallCover]) {
        const file = join(PUBLIC_DIR, url);
        expect(existsSync(file)).toBe(true);
        // a picture a phone's link takes in one round trip or two: 20 KB at most
        expect(statSync(file).size).toBeLessThan(20 * 1024);
      }
    }
  });
});

describe('large catalogue', () => {
  it('yields the requested number of products with unique ids, apart from the demo ids', () => {
    const batches = [...largeCatalogue(5000)];
    const products = batches.flat();
    expect(batches.length).toBe(5);
    expect(products.length).toBe(5000);
    const ids = new Set(products.map((p) => p._id));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(ID);
    for (const p of demoCatalogue()) expect(ids.has(p._id)).toBe(false);
    expect(new Set(products.map((p) => p.createdAt)).size).toBe(5000);
  });

  it('has free products, and every product free or priced in both currencies (DECISIONS 22)', () => {
    const products = [...largeCatalogue(5000)].flat();
    expect(products.filter(isFreeProduct).length).toBeGreaterThan(0);
    expect(products.filter((p) => !isFreeOrPriced(p))).toEqual([]);
  });

  it('is deterministic and independent of the batch size', () => {
    const a = [...largeCatalogue(300, 100)].flat();
    const b = [...largeCatalogue(300, 7)].flat();
    expect(b).toEqual(a);
  });

  it('points at the generic covers, which exist', () => {
    const [first] = largeCatalogue(12, 12);
    for (const p of first ?? []) {
      expect(p.covers[0]).toMatch(/^\/covers\/generic-\d\.webp$/);
      expect(existsSync(join(PUBLIC_DIR, p.covers[0]!))).toBe(true);
    }
  });

  it('gives searches for common dental words many hits', () => {
    const titles = [...largeCatalogue(2000)].flat().map((p) => p.title.toLowerCase());
    for (const word of ['endodontic', 'implant', 'orthodontic']) {
      expect(titles.filter((t) => t.includes(word)).length).toBeGreaterThan(50);
    }
  });
});
