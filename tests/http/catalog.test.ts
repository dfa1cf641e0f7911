import { RunningStore, startStore } from '../support/http';
import { egp, usd } from '../../core/shared/money';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

describe('catalogue API', () => {
  let api: RunningStore;
  const books = Array.from({ length: 20 }, (_, i) =>
    aProduct({ title: `Atlas of Implantology part ${i + 1}`, subcategory: i % 2 ? ['Implantology'] : ['Orthodontics'] }),
  );
  const course = aProduct({ title: 'Endodontic Surgery Masterclass', category: 'courses', subcategory: [], price: usd(0), egpprice: egp(0) });
  const newest = course;

  beforeAll(async () => {
    api = await startStore([...books, course]);
  });
  afterAll(() => api.close());

  const noSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/producturl|downloadpass|secret-|downloads\.example/);

  it('lists products by page with totals', async () => {
    const { status, body } = await api.get('/api/backendproduct/getproducts?page=1&limit=15');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 21, totalPages: 2 });
    expect(body.products).toHaveLength(15);
    expect(body.products[0]._id).toBe(newest._id);
    noSecrets(body);
    const last = await api.get('/api/backendproduct/getproducts?page=2&limit=15');
    expect(last.body.products).toHaveLength(6);
  });

  it('answers a product, and 404 for unknown ids of any shape', async () => {
    const found = await api.get(`/api/backendproduct/details/${course._id}`);
    expect(found.status).toBe(200);
    expect(found.body.productDetails).toMatchObject({ _id: course._id, title: course.title, price: 0 });
    noSecrets(found.body);
    for (const id of ['ffffffffffffffffffffffff', 'nope', '1', "'; select 1 --", '%00', 'x'.repeat(3000)]) {
      const missing = await api.get(`/api/backendproduct/details/${encodeURIComponent(id)}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, ...withCode('Product not found') });
    }
  });

  it('lists a type and a book category; unknown ones are 404', async () => {
    const courses = await api.get('/api/category/courses?page=1&limit=12');
    expect(courses.body).toMatchObject({ success: true, totalPages: 1, total: 1 });
    expect(courses.body.productdetails.map((p: { _id: string }) => p._id)).toEqual([course._id]);
    const implantology = await api.get('/api/category/books/implantology?page=1&limit=15');
    expect(implantology.body.total).toBe(10);
    const empty = await api.get(`/api/category/books/${encodeURIComponent('Functional Therapy')}`);
    expect(empty.body).toMatchObject({ success: true, productdetails: [], totalPages: 0, total: 0 });
    expect((await api.get('/api/category/videos')).status).toBe(404);
    expect((await api.get('/api/category/books/Astrology')).status).toBe(404);
    expect((await api.get('/api/category/courses/Endodontics')).status).toBe(404);
  });

  it('answers related and recommended products', async () => {
    const related = await api.get(`/api/backendproduct/related?category=books&exclude=${books[1]._id}&limit=4`);
    expect(related.body.data.relatedProducts).toHaveLength(4);
    expect(related.body.data.relatedProducts.every((p: { subcategory: string[] }) => p.subcategory.includes('Implantology'))).toBe(true);
    const recommended = await api.get('/api/backendproduct/recommended?page=2&limit=10');
    expect(recommended.body).toMatchObject({ success: true, totalPages: 3 });
    expect(recommended.body.data.allProducts).toHaveLength(10);
  });

  it('searches titles with the spec defaults', async () => {
    const { status, body } = await api.post('/api/search', { query: '  implantology ' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, count: 20 });
    expect(body.results).toHaveLength(20);
    const typo = await api.post('/api/search', { query: 'endodntic', page: 1, limit: 20 });
    expect(typo.body.results.map((p: { _id: string }) => p._id)).toEqual([course._id]);
    const none = await api.post('/api/search', { query: 'zzzzqqq' });
    expect(none.body).toMatchObject({ success: true, count: 0, results: [], message: 'No results found' });
  });

  it('refuses a blank search, a limit over 50 and malformed JSON with 400 and a message', async () => {
    expect(await api.post('/api/search', { query: '   ' })).toMatchObject({ status: 400, body: { success: false, ...withCode('Please enter something to search for') } });
    expect((await api.post('/api/search', { query: 'a', limit: 51 })).status).toBe(400);
    expect((await api.post('/api/search', '{"query":')).status).toBe(400);
    expect((await api.post('/api/search', { query: 'a', role: 'Admin' })).status).toBe(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expect(await api.get('/api/nothing/here')).toMatchObject({ status: 404, body: { success: false } });
  });
});
