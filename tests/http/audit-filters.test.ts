import { AUDIT_ACTION_RULE, AUDIT_ADMIN_RULE } from '../../core/audit/domain/filter';
import { DATES_BACKWARDS, DATE_RULE } from '../../core/shared/days';
import { signedInAdmin } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { withCode } from '../support/codes';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';

/** Issue 21, the audit log screen: who did what and when, filtered by admin, action and days, a page at a time. */
describe('the audit log, filtered', () => {
  let api: RunningStore;
  let owner: Shopper;
  let second: Shopper;
  const books = [aProduct({ title: 'First' }), aProduct({ title: 'Second' }), aProduct({ title: 'Third' })];
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    api = await startStore(books);
    owner = await signedInAdmin(api, 'Owner');
    second = await signedInAdmin(api, 'Amira');
    expect((await owner.delete(`/api/backendproduct/remove/${books[0]!._id}`)).status).toBe(200);
    expect((await second.delete(`/api/backendproduct/remove/${books[1]!._id}`)).status).toBe(200);
    expect((await second.post(`/api/backendproduct/recreateproduct/${books[1]!._id}`)).status).toBe(200);
  });
  afterAll(() => api.close());

  it('names every admin who acted, for the filter', async () => {
    const admins = await owner.get('/api/admin/audit/admins');
    expect(admins.body).toEqual({ success: true, admins: [{ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Amira' }, { id: expect.any(String), name: 'Owner' }] });
  });

  it('answers only what the filters ask for, counted, a page at a time', async () => {
    const [amira] = (await owner.get('/api/admin/audit/admins')).body.admins;
    const byAmira = await owner.get(`/api/admin/audit?admin=${amira.id}`);
    expect(byAmira.body).toMatchObject({ success: true, total: 2, totalPages: 1 });
    expect(byAmira.body.entries.map((e: { action: string; actorName: string }) => [e.actorName, e.action])).toEqual([
      ['Amira', 'product-recreated'],
      ['Amira', 'product-deleted'],
    ]);
    const deletions = await owner.get('/api/admin/audit?action=product-deleted&limit=1&page=2');
    expect(deletions.body).toMatchObject({ total: 2, totalPages: 2, page: 2, entries: [{ actorName: 'Owner', subject: books[0]!._id, before: expect.objectContaining({ title: 'First' }) }] });
    expect((await owner.get(`/api/admin/audit?from=${today()}&to=${today()}`)).body.total).toBe(3);
    expect((await owner.get('/api/admin/audit?from=2020-01-01&to=2020-12-31')).body).toMatchObject({ total: 0, entries: [] });
  });

  it.each([
    ['an admin that is no account id', 'admin=Amira', AUDIT_ADMIN_RULE],
    ['an action the log does not keep', 'action=product-stolen', AUDIT_ACTION_RULE],
    ['a day that is no date', 'from=2026-13-01', DATE_RULE],
    ['from after to', 'from=2026-03-02&to=2026-03-01', DATES_BACKWARDS],
  ])('answers 400 to %s, with the reason', async (_what, query, message) => {
    expect(await owner.get(`/api/admin/audit?${query}`)).toMatchObject({ status: 400, body: { success: false, ...withCode(message) } });
  });

  it('answers 400 to a filter it does not know', async () => {
    expect((await owner.get('/api/admin/audit?who=Amira')).status).toBe(400);
  });
});
