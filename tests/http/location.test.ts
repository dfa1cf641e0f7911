import { TOKENS } from '../../adapters/di/tokens';
import { RunningStore, startStore } from '../support/http';

const EGYPT = '41.33.0.1';

const visitRows = (api: RunningStore) =>
  api.store.get(TOKENS.Database).knex('visits').select('page', 'country', 'count').orderBy('page');

describe('location and visit tracking without a trusted proxy', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([])));
  afterAll(() => api.close());

  it('ignores X-Forwarded-For and answers the socket address country (none for loopback)', async () => {
    const { status, body } = await api.get('/api/getip', { 'x-forwarded-for': EGYPT });
    expect(status).toBe(200);
    expect(body).toEqual({ country: null });
  });

  it('counts visits per page and country, without the product id, the query string or any address', async () => {
    await api.post('/api/getip', { page: '/product/abc?utm=x' });
    await api.post('/api/getip', { page: '/product/def' });
    expect(await visitRows(api)).toEqual([{ page: '/product/:id', country: 'Unknown', count: 2 }]);
  });

  it('refuses a page that is not a path, or too long, with 400', async () => {
    for (const page of ['http://evil.example/', '', '/'.padEnd(201, 'a')])
      expect((await api.post('/api/getip', { page })).status).toBe(400);
    expect((await api.post('/api/getip', { page: 42 })).status).toBe(400);
    expect((await api.post('/api/getip', {})).status).toBe(400);
  });
});

describe('location behind one trusted proxy', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([], { trustProxy: 1 })));
  afterAll(() => api.close());

  it('answers the country of the forwarded address', async () => {
    expect((await api.get('/api/getip', { 'x-forwarded-for': EGYPT })).body).toEqual({ country: 'Egypt' });
    expect((await api.get('/api/getip', { 'x-forwarded-for': '8.8.8.8' })).body).toEqual({ country: 'United States' });
  });

  it('counts the visit under the country, never the address', async () => {
    await api.post('/api/getip', { page: '/' }, { 'x-forwarded-for': EGYPT });
    const rows = await visitRows(api);
    expect(rows).toEqual([{ page: '/', country: 'Egypt', count: 1 }]);
    expect(JSON.stringify(rows)).not.toContain(EGYPT);
  });
});
