import fc from 'fast-check';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * Property: whatever a client sends to a catalogue or search call, the answer is a 2xx, 400 or 404
 * with a JSON message, never a 500 and never a stack trace, and the catalogue is unchanged.
 */
describe('catalogue calls under hostile input', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([aProduct(), aProduct({ category: 'courses', subcategory: [] })])));
  afterAll(() => api.close());

  const hostileText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom("' or 1=1 --", '"; drop table products; --', '<script>alert(1)</script>', '%', '_', '\\', '../../etc/passwd', '\u0000', 'NaN', '-1', '1e309', '99999999999999999999'),
    fc.integer().map(String),
    fc.double().map(String),
  );

  const expectClean = (status: number, body: unknown) => {
    expect([200, 400, 404]).toContain(status);
    expect(typeof body).toBe('object');
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/\n\s+at |Error:|stack/);
    if (status !== 200) expect(body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  };

  it('listing query parameters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/backendproduct/getproducts', '/api/backendproduct/recommended', '/api/category/books', '/api/category/courses'),
        hostileText,
        hostileText,
        async (path, page, limit) => {
          const { status, body } = await api.get(`${path}?page=${encodeURIComponent(page)}&limit=${encodeURIComponent(limit)}`);
          expectClean(status, body);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ids and category names in paths', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (segment) => {
        for (const path of [`/api/backendproduct/details/${encodeURIComponent(segment)}`, `/api/category/books/${encodeURIComponent(segment)}`]) {
          const { status, body } = await api.get(path);
          expectClean(status, body);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('related query parameters', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, hostileText, async (category, exclude, limit) => {
        const q = new URLSearchParams({ category, exclude, limit });
        const { status, body } = await api.get(`/api/backendproduct/related?${q}`);
        expectClean(status, body);
      }),
      { numRuns: 150 },
    );
  });

  it('search bodies of any shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ query: hostileText, page: fc.anything(), limit: fc.anything() }, { requiredKeys: ['query'] }),
          fc.anything(),
          fc.json(),
        ),
        async (payload) => {
          const { status, body } = await api.post('/api/search', payload);
          expectClean(status, body);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a 1 MB search string is a 400, and a larger body a 413, both with a message', async () => {
    const big = await api.post('/api/search', { query: 'a'.repeat(1024 * 1024) });
    expect(big).toMatchObject({ status: 400, body: { success: false, ...withCode('Search is limited to 200 characters') } });
    const huge = await api.post('/api/search', { query: 'a'.repeat(3 * 1024 * 1024) });
    expect(huge).toMatchObject({ status: 413, body: { success: false, message: expect.any(String), code: expect.any(String) } });
  });

  it('leaves the catalogue as it was', async () => {
    expect((await api.get('/api/backendproduct/getproducts')).body.total).toBe(2);
  });
});
