import { Catalog, CatalogWriter } from '../../core/catalog/ports/catalog';
import { egp, usd } from '../../core/shared/money';
import { aProduct } from '../support/products';

export interface CatalogUnderTest {
  catalog: Catalog & CatalogWriter;
  close(): Promise<void>;
}

/**
 * What every Catalog adapter must do, run against the in-memory twin, PGlite and a real PostgreSQL
 * server, so the fake used by use-case tests cannot drift from the database.
 */
export const catalogContract = (name: string, open: () => Promise<CatalogUnderTest>) =>
  describe(`Catalog contract: ${name}`, () => {
    let subject: CatalogUnderTest;
    let catalog: Catalog & CatalogWriter;

    const endo = aProduct({ title: 'Clinical Endodontics: Root Canal Treatment', author: ['Mahmoud Torabinejad'], subcategory: ['Endodontics'], year: '2021' });
    const implants = aProduct({ title: 'Contemporary Implant Dentistry', author: ['Carl Misch'], subcategory: ['Implantology', 'Periodontics'], year: '2024' });
    const perio = aProduct({ title: 'Periodontology for the Dental Hygienist', author: ['Dorothy Perry', 'Phyllis Beemsterboer'], subcategory: ['Periodontics'], year: '2019' });
    const course = aProduct({ title: 'Mastering Composite Veneers', category: 'courses', subcategory: [], price: usd(0), egpprice: egp(0), duration: '6h', videonumbers: '24 videos', year: '2022' });
    const journal = aProduct({ title: 'Journal of Endodontics 2024', category: 'journals', subcategory: [], author: ['AAE'], year: '2024' });
    const all = [endo, implants, perio, course, journal];
    const page = (page: number, limit: number) => ({ page, limit });
    const ids = (products: readonly { _id: string }[]) => products.map((p) => p._id);

    beforeAll(async () => {
      subject = await open();
      catalog = subject.catalog;
      await catalog.addMany(all);
    });
    afterAll(() => subject.close());

    it('lists newest first, by page', async () => {
      expect(ids(await catalog.list({}, page(1, 2)))).toEqual([journal._id, course._id]);
      expect(ids(await catalog.list({}, page(3, 2)))).toEqual([endo._id]);
      expect(await catalog.list({}, page(4, 2))).toEqual([]);
      expect(await catalog.count({})).toBe(5);
    });

    it('lists a type and a book category', async () => {
      expect(ids(await catalog.list({ type: 'books' }, page(1, 10)))).toEqual([perio._id, implants._id, endo._id]);
      expect(ids(await catalog.list({ type: 'books', category: 'Periodontics' }, page(1, 10)))).toEqual([perio._id, implants._id]);
      expect(await catalog.count({ type: 'books', category: 'Periodontics' })).toBe(2);
      expect(await catalog.count({ type: 'books', category: 'Functional Therapy' })).toBe(0);
    });

    it('returns every field of a product and none of its secrets', async () => {
      const found = await catalog.findById(course._id);
      const { producturl: _u, downloadpass: _p, ...visible } = course;
      expect(found).toEqual(visible);
      expect(JSON.stringify(found)).not.toMatch(/producturl|downloadpass|secret-/);
      expect(await catalog.findById('ffffffffffffffffffffffff')).toBeUndefined();
    });

    it('keeps prices exact, free as zero', async () => {
      expect((await catalog.findById(endo._id))?.price).toEqual(usd(1999));
      expect((await catalog.findById(endo._id))?.egpprice).toEqual(egp(99900));
      expect((await catalog.findById(course._id))?.price).toEqual(usd(0));
    });

    it('recommends recent editions first', async () => {
      expect(ids(await catalog.recommended(page(1, 5)))).toEqual([journal._id, implants._id, course._id, endo._id, perio._id]);
    });

    it('relates products of the same type, sharing a category first, without the product itself', async () => {
      const related = await catalog.related('books', perio._id, 4);
      expect(ids(related)).toEqual([implants._id, endo._id]);
      // The limit counts both parts: one asked, the one sharing a category.
      expect(ids(await catalog.related('books', perio._id, 1))).toEqual([implants._id]);
    });

    it.each([
      ['a whole title word', 'implant', ['implants']],
      ['any case', 'ENDODONTICS', ['endo', 'journal']],
      ['part of a word', 'periodonto', ['perio']],
      ['an author', 'misch', ['implants']],
      ['a second author', 'beemsterboer', ['perio']],
      ['a small typo', 'endodntics', ['endo', 'journal']],
      ['several words', 'composite veneers', ['course']],
    ])('searches %s', async (_what, query, expected) => {
      const named: Record<string, string> = { endo: endo._id, implants: implants._id, perio: perio._id, course: course._id, journal: journal._id };
      const { items, total } = await catalog.search(query, page(1, 20));
      expect(ids(items).sort()).toEqual(expected.map((k) => named[k]).sort());
      expect(total).toBe(expected.length);
    });

    it('lists every product on sale by id, each with its last change: the time it was added (issue 22, the sitemap)', async () => {
      expect(await catalog.listed()).toEqual([...all].sort((a, b) => (a._id < b._id ? -1 : 1)).map((p) => ({ id: p._id, changedAt: p.createdAt })));
    });

    it('puts the closest match first', async () => {
      const { items } = await catalog.search('clinical endodontics', page(1, 20));
      expect(items[0]._id).toBe(endo._id);
    });

    it('matches the first 8 words of a search and ignores the rest', async () => {
      const eight = 'clinical endodontics root canal treatment mahmoud torabinejad';
      expect(ids((await catalog.search(`${eight} xylophone`, page(1, 20))).items)).toEqual([]);
      expect(ids((await catalog.search(`${eight} clinical xylophone`, page(1, 20))).items)).toEqual([endo._id]);
    });

    it('treats search input as text, not as a pattern or SQL', async () => {
      for (const hostile of ['%', '_', "'; drop table products; --", '\\', '<script>']) {
        expect((await catalog.search(hostile, page(1, 20))).total).toBe(0);
      }
      expect(await catalog.count({})).toBe(5);
    });

    it('pages search results and counts them all', async () => {
      const first = await catalog.search('endodontics', page(1, 1));
      const second = await catalog.search('endodontics', page(2, 1));
      expect(first.total).toBe(2);
      expect(second.total).toBe(2);
      expect(ids([...first.items, ...second.items]).sort()).toEqual([endo._id, journal._id].sort());
    });

    describe('Arabic text', () => {
      let arabic: CatalogUnderTest;
      const crowns = aProduct({
        title: 'Fixed Prosthodontics',
        author: ['Stephen Rosenstiel'],
        arabicTitle: 'التركيبات الثابتة ٢٠٢٣',
        arabicDescription: 'دليل عملي لطلبة طب الأسنان في تحضير التيجان والجسور.',
      });
      const children = aProduct({ title: 'Pediatric Dentistry', author: ['Arthur Nowak'], arabicTitle: 'طب أسنان الأطفال', arabicDescription: 'مرجع لطبيب الأسنان في العيادة والمستشفى.' });
      const surgery = aProduct({ title: 'Oral Surgery Handbook', author: ['James Hupp'] });
      const named: Record<string, string> = { crowns: crowns._id, children: children._id, surgery: surgery._id };

      beforeAll(async () => {
        arabic = await open();
        await arabic.catalog.addMany([crowns, children, surgery]);
      });
      afterAll(() => arabic.close());

      it('keeps the Arabic title and description with the product, and none where there is none', async () => {
        expect(await arabic.catalog.findById(crowns._id)).toMatchObject({ arabicTitle: crowns.arabicTitle, arabicDescription: crowns.arabicDescription });
        const english = await arabic.catalog.findById(surgery._id);
        expect(english).not.toHaveProperty('arabicTitle');
        expect(english).not.toHaveProperty('arabicDescription');
      });

      it.each([
        ['with diacritics', 'تَرْكِيبَات', ['crowns']],
        ['another alef form, and without the article', 'اسنان الاطفال', ['children']],
        ['haa for taa marbuta', 'الثابته', ['crowns']],
        ['yaa for alef maqsura, in the description', 'المستشفي', ['children']],
        ['with tatweel', 'طـــب الأطفال', ['children']],
        ['Western digits for Arabic-Indic ones', '2023', ['crowns']],
        ['Eastern Arabic-Indic digits', '۲۰۲۳', ['crowns']],
        ['a typo in a long word', 'تركيبت', ['crowns']],
        ['the Arabic description', 'طلبة', ['crowns']],
        ['mixed scripts', 'Fixed تركيبات', ['crowns']],
        ['an English title, as before', 'oral surgery', ['surgery']],
        ['an English author, as before', 'nowak', ['children']],
        ['diacritics only', 'ًٌٍ', []],
        ['a lone combining mark', '\u0301', []],
      ])('searches %s', async (_what, query, expected) => {
        const { items, total } = await arabic.catalog.search(query, page(1, 20));
        expect(ids(items).sort()).toEqual(expected.map((k) => named[k]).sort());
        expect(total).toBe(expected.length);
      });

      it('finds both products of a word they share, whichever its spelling', async () => {
        for (const query of ['الأسنان', 'الاسنان', 'أسنان', 'إسنان'])
          expect(ids((await arabic.catalog.search(query, page(1, 20))).items).sort()).toEqual([crowns._id, children._id].sort());
      });
    });

    it('adds all or nothing', async () => {
      const good = aProduct();
      const clash = { ...aProduct(), _id: endo._id };
      await expect(catalog.addMany([good, clash])).rejects.toThrow();
      expect(await catalog.findById(good._id)).toBeUndefined();
    });
  });
