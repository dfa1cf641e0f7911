import { aProductForm, multipart, signedInAdmin } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/**
 * Issue 20, item 5, over HTTP on the real app: the admin's optional Arabic title and description,
 * in the public answers when given, and search in the spelling Arabic readers expect (with or
 * without diacritics, any alef form, taa marbuta or haa, Arabic-Indic digits), beside English
 * search as it was.
 */
describe('Arabic product text and search', () => {
  let api: RunningStore;
  let admin: Shopper;
  const english = aProduct({ title: 'Oral Surgery Handbook', author: ['James Hupp'] });
  const digits = aProduct({ title: 'Dental Radiology ٢٠٢٣ Edition', author: ['Eric Whaites'] });
  const arabicForm = aProductForm({
    title: 'Fixed Prosthodontics',
    arabicTitle: 'التركيبات الثابتة ٢٠٢٤',
    arabicDescription: 'دليل عملي لطلبة طب الأسنان في تحضير التيجان والجسور.',
  });

  beforeAll(async () => {
    api = await startStore([english, digits]);
    admin = await signedInAdmin(api);
  });
  afterAll(() => api.close());

  const details = async (id: string) => (await api.get(`/api/backendproduct/details/${id}`)).body.productDetails;
  const search = (query: string) => api.post('/api/search', { query });
  const found = async (query: string) => {
    const answer = await search(query);
    expect(answer.status).toBe(200);
    return (answer.body.results as { _id: string }[]).map((p) => p._id);
  };
  const created = async (form: Record<string, string | string[]>) => {
    const answer = await admin.form('/api/backendproduct/addnew', multipart(form));
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };

  it('shows the Arabic title and description in the public answers, and nothing of them where there are none', async () => {
    const id = await created(arabicForm);
    expect(await details(id)).toMatchObject({ title: 'Fixed Prosthodontics', arabicTitle: 'التركيبات الثابتة ٢٠٢٤', arabicDescription: expect.stringContaining('طب الأسنان') });
    const plain = await details(english._id);
    expect(plain).not.toHaveProperty('arabicTitle');
    expect(plain).not.toHaveProperty('arabicDescription');
    // The spec's form, without them, makes a product with none.
    const spec = await created(aProductForm({ title: 'Spec Form Product' }));
    expect(await details(spec)).not.toHaveProperty('arabicTitle');
  });

  it.each([
    ['with diacritics', 'تَرْكِيبَات'],
    ['another alef form, without the article', 'إسنان'],
    ['haa for taa marbuta', 'الثابته'],
    ['Western digits for the Arabic-Indic ones of the title', '2024'],
    ['the Arabic description', 'التيجان'],
    ['mixed scripts', 'Fixed تركيبات'],
  ])('finds a product by its Arabic text %s', async (_what, query) => {
    const id = await created(aProductForm({ ...arabicForm, title: `Fixed Prosthodontics ${_what}` }));
    expect(await found(query)).toContain(id);
  });

  it('finds Arabic-Indic digits of an English title by Western or Eastern digits, and English products as before', async () => {
    expect(await found('radiology 2023')).toEqual([digits._id]);
    expect(await found('۲۰۲۳')).toEqual([digits._id]);
    expect(await found('oral surgery')).toEqual([english._id]);
    expect(await found('hupp')).toEqual([english._id]);
  });

  it('answers diacritics only, lone combining marks and mixed scripts normally, never a 5xx', async () => {
    for (const query of ['ًٌٍ', 'ّ', '\u0301', '\u0654', 'ـــ', 'َ oral', 'oral جراحة ٣', '\u064b'.repeat(200), 'ﻻ ﷲ']) {
      const answer = await search(query);
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
    }
    expect(await found('ًٌٍ')).toEqual([]);
    expect(await found('َ oral')).toEqual([english._id]);
    expect((await search('\u064b'.repeat(201))).status).toBe(400);
  });

  it('refuses Arabic text over the English limits or with characters the store refuses, naming the field', async () => {
    const tooLong = await admin.form('/api/backendproduct/addnew', multipart(aProductForm({ arabicTitle: 'ط'.repeat(301) })));
    expect(tooLong).toMatchObject({ status: 400, body: { success: false, message: 'Arabic title must be at most 300 characters' } });
    const reordering = await admin.form('/api/backendproduct/addnew', multipart(aProductForm({ arabicDescription: 'نص \u202e مقلوب' })));
    expect(reordering).toMatchObject({ status: 400, body: { message: 'Arabic description must not contain U+202E, which reorders the text around it' } });
    const notText = await admin.call('POST', '/api/backendproduct/addnew', { ...aProductForm(), arabicTitle: 5 });
    expect(notText.status).toBe(400);
  });

  it('keeps the Arabic text through an edit that leaves it out (the spec\'s form), and clears it when sent empty', async () => {
    const id = await created(arabicForm);
    const edit = (form: Record<string, string | string[]>) => admin.form(`/api/backendproduct/updateTheDetails/${id}`, multipart(form));
    expect((await edit(aProductForm({ title: 'Fixed Prosthodontics, 2nd edition' }))).status).toBe(200);
    expect(await details(id)).toMatchObject({ title: 'Fixed Prosthodontics, 2nd edition', arabicTitle: 'التركيبات الثابتة ٢٠٢٤' });
    expect((await edit({ ...arabicForm, arabicTitle: '', arabicDescription: '' })).status).toBe(200);
    const cleared = await details(id);
    expect(cleared).not.toHaveProperty('arabicTitle');
    expect(cleared).not.toHaveProperty('arabicDescription');
    expect(await found('تركيبات')).not.toContain(id);
  });
});
