import { isDomainError } from '../../core/shared/errors';
import fc from 'fast-check';
import { TOKENS } from '../../adapters/di/tokens';
import { toEditableProduct } from '../../adapters/http/routes/admin';
import { BOOK_CATEGORIES } from '../../core/catalog/domain/product';
import { ProductDraft, productFieldsOf } from '../../core/catalog/domain/product-form';
import { aProductForm, multipart, signedInAdmin } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';

/**
 * Property: the editor's create and update calls, given any draft (each field valid or not, sent
 * multipart or as JSON), either keep exactly what the core's form rules make of it (201/200, read
 * back the same), or answer 400 with the core's own message and write nothing; never a 5xx.
 */
describe('create and update, driven by random drafts', () => {
  let api: RunningStore;
  let admin: Shopper;

  beforeAll(async () => {
    api = await startStore([]);
    admin = await signedInAdmin(api);
  });
  afterAll(() => api.close());

  const productRows = async () => Number((await api.store.get(TOKENS.Database).knex('products').count({ n: '*' }))[0]!.n);
  const editable = async (id: string) => (await admin.get(`/api/backendproduct/getdetailsforrUpdate/${id}`)).body.data;

  /**
   * Mostly valid values, so that whole drafts are valid often enough: the invalid ones one time in
   * twenty. (At one in ten, with 21 fields, some missing, and both prices having to agree on being
   * free, valid drafts were rare enough that 150 runs of the update once met none.)
   */
  const either = <T,>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 19 }, { arbitrary: invalid, weight: 1 });
  const one = (valid: string[], invalid: string[]) => either(fc.constantFrom(...valid), fc.constantFrom(...invalid));
  const list = (valid: string[], invalid: string[], maxLength = 3) =>
    either(
      fc.oneof(fc.array(fc.constantFrom(...valid), { minLength: 1, maxLength }), fc.constantFrom(...valid)),
      fc.oneof(fc.array(fc.constantFrom(...valid, ...invalid), { maxLength }), fc.constantFrom(...invalid)),
    );
  const amount = one(['0', '12.5', '19.99', ' 7 ', '1000000'], ['12.345', '-1', 'abc', '1e3', '', '1000000.01', '0x10']);
  const address = ['https://img.test/a.jpg', '/covers/generic-1.svg', 'http://img.test/b.png, https://img.test/c.webp'];
  const badAddress = ['javascript:alert(1)', '//evil.test/x.png', 'ftp://img.test/x', 'data:image/png;base64,AAAA'];
  const optional = (valid: string[], invalid: string[]) => either(fc.oneof(fc.constantFrom(...valid), fc.string({ maxLength: 20 })), fc.constantFrom(...invalid));

  // Control characters only inside a value: the edge refuses them as typed, the core after trimming.
  const draft: fc.Arbitrary<ProductDraft> = fc.record(
    {
      title: either(
        fc.oneof(fc.constantFrom('Atlas of Endodontics', '  Padded title  ', 'أطلس الأسنان'), fc.string({ minLength: 1, maxLength: 30 })),
        fc.constantFrom('', '   ', 'x'.repeat(301), 'nul\u0000inside', 'tab\tinside'),
      ),
      author: list(['Nadia Farouk', ' Omar , Said '], ['', 'a'.repeat(201), 'bell\u0007inside']),
      description: one(['A guide.', 'Two\nlines\tand a tab'], ['', 'd'.repeat(20_001), 'nul\u0000inside']),
      covers: list(address, badAddress),
      smallCover: list(address, badAddress, 2),
      price: amount,
      egpprice: amount,
      category: one(['books', 'courses', 'journals', ''], ['videos', 'Books']),
      subcategory: list([...BOOK_CATEGORIES, 'anatomy'], ['Astrology']),
      size: one(['12.5', '1.234', '0'], ['1.2345', '-3', 'big', '']),
      Pages: one(['300', '0'], ['12.5', '-1', 'x', '', '1000001']),
      Language: one(['English', 'Arabic', ''], ['Klingon']),
      format: one(['pdf', 'epub', ''], ['docx']),
      year: optional(['2024', ''], ['y'.repeat(101)]),
      isbn: optional(['978-0-00-000000-0', ''], ['i'.repeat(101)]),
      eISBN: optional(['', '978-1-11-111111-1'], ['e\u0001x']),
      duration: optional(['', '6 hours'], ['d'.repeat(101)]),
      videonumbers: optional(['', '24'], ['v'.repeat(101)]),
      producturl: one(['https://downloads.test/x.pdf', ''], ['/relative.pdf', 'javascript:x']),
      downloadpass: optional([''], ['p'.repeat(101)]),
    },
    { requiredKeys: [] },
  );

  /** Lists as `name[]` entries and text as one value, as the editor sends them. */
  const asMultipart = (d: ProductDraft) =>
    multipart(Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>);

  const send = (path: string, d: ProductDraft, json: boolean) => (json ? admin.post(path, d) : admin.form(path, asMultipart(d)));

  /** What the core makes of the draft: the answer expected, or the lines its message may hold. */
  const expectation = (d: ProductDraft) => productFieldsOf(d);

  const sameFields = (shown: Record<string, unknown>, d: ProductDraft) => {
    const fields = expectation(d);
    if (isDomainError(fields)) throw new Error('expected a valid draft');
    const { _id: _i, createdAt: _c, deleted: _d, version: _v, ...expected } = toEditableProduct({ ...fields, _id: 'x', createdAt: 'x', deleted: false, keepEgpPrice: false, version: 0 });
    const { _id: _si, createdAt: _sc, deleted, version: _sv, ...kept } = shown;
    expect(deleted).toBe(false);
    expect(kept).toEqual(expected);
  };

  const refusedWithCoreMessage = (body: { success: boolean; message: string }, d: ProductDraft) => {
    const fields = expectation(d);
    expect(isDomainError(fields)).toBe(true);
    const lines = isDomainError(fields) ? fields.message.split('\n') : [];
    expect(body.success).toBe(false);
    for (const line of body.message.split('\n')) expect(lines).toContain(line);
  };

  it('create: 201 with the fields read back, or 400 with the core\'s message and no product', async () => {
    let created = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(draft, fc.boolean(), async (d, json) => {
        const rows = await productRows();
        const { status, body } = await send('/api/backendproduct/addnew', d, json);
        if (status === 201) {
          created++;
          sameFields(await editable(body.id), d);
          expect(await productRows()).toBe(rows + 1);
        } else {
          refused++;
          expect(status).toBe(400);
          refusedWithCoreMessage(body, d);
          expect(await productRows()).toBe(rows);
        }
      }),
      { numRuns: 150 },
    );
    // Both outcomes were reached, or the property proved little.
    expect(created).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('update: 200 with the fields read back and the id and date kept, or 400 and the product as it was', async () => {
    const id = (await admin.form('/api/backendproduct/addnew', multipart(aProductForm()))).body.id as string;
    let updated = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(draft, fc.boolean(), async (d, json) => {
        const before = await editable(id);
        const { status, body } = await send(`/api/backendproduct/updateTheDetails/${id}`, d, json);
        const after = await editable(id);
        if (status === 200) {
          updated++;
          expect(body).toMatchObject({ success: true, id });
          sameFields(after, d);
          expect([after._id, after.createdAt]).toEqual([before._id, before.createdAt]);
        } else {
          refused++;
          expect(status).toBe(400);
          refusedWithCoreMessage(body, d);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 150 },
    );
    expect(updated).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
