import { TOKENS } from '../../adapters/di/tokens';
import { Shopper } from '../support/browser-like';
import { signedInAdmin } from '../support/admin';
import { RunningStore, startStore } from '../support/http';
import { captureLog, CapturedLog } from '../support/log';
import { aProduct, free } from '../support/products';
import { buyer } from '../support/ordering';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request logs', () => {
  const guide = free(aProduct({ title: 'Free Guide', producturl: 'https://files.example/secret-guide.pdf', downloadpass: 'Pass-7731' }));
  let api: RunningStore;
  let log: CapturedLog;
  beforeAll(async () => (api = await startStore([guide], { logLevel: 'info', trustProxy: 1 })));
  afterAll(() => api.close());
  beforeEach(() => (log = captureLog()));
  afterEach(() => log.restore());

  const lineOf = async (requestId: string) => {
    await log.until((line) => line.reqId === requestId);
    return log.lines.filter((line) => line.reqId === requestId);
  };

  it('writes one line a request: its id (returned), method, path without the query, status and duration', async () => {
    const answer = await api.get('/api/backendproduct/getproducts?page=1&limit=15');
    const id = answer.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const lines = await lineOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      msg: 'request',
      reqId: id,
      method: 'GET',
      path: '/api/backendproduct/getproducts',
      status: 200,
      ms: expect.any(Number),
    });
  });

  it("takes a trusted proxy's sane request id, and makes its own for anything else", async () => {
    expect((await api.get('/api/health', { 'x-request-id': 'edge-42.a_b' })).headers.get('x-request-id')).toBe('edge-42.a_b');
    await lineOf('edge-42.a_b');
    for (const offered of ['a'.repeat(101), 'has space', 'semi;colon', '"quoted"'])
      expect((await api.get('/api/health', { 'x-request-id': offered })).headers.get('x-request-id')).toMatch(UUID);
  });

  it('names the signed-in user when the route looked the session up, and no one otherwise', async () => {
    const shopper = new Shopper(api);
    const signedUp = await shopper.signUp('Logged');
    const id = signedUp.body.user?._id ?? signedUp.body.user?.id;
    const profile = await shopper.get('/api/user/profiledata');
    const [line] = await lineOf(profile.headers.get('x-request-id')!);
    expect(line).toMatchObject({ status: 200, userId: expect.any(String) });
    if (id) expect(line.userId).toBe(id);
    // The catalogue never asks who is there: no lookup is made for the log.
    const catalogue = await shopper.get('/api/backendproduct/getproducts');
    expect((await lineOf(catalogue.headers.get('x-request-id')!))[0]).not.toHaveProperty('userId');
  });

  it('logs a server error with its stack, at error level, and answers without it', async () => {
    const { knex } = api.store.get(TOKENS.Database);
    await knex.raw("alter table users add constraint no_fail check (email not like 'fail%')");
    let answer;
    try {
      answer = await new Shopper(api).post('/api/user/signup', { username: 'Failing', email: 'fail@mail.test', password: 'Secret12' });
    } finally {
      await knex.raw('alter table users drop constraint no_fail');
    }
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat |\.ts:\d|Server error:/);
    const lines = await lineOf(answer.headers.get('x-request-id')!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, status: 500, method: 'POST', path: '/api/user/signup' });
    expect(lines[0].err).toMatch(/^Server error: [\s\S]*\n\s+at /);
  });

  it('is also where adapters tell the operator something: a forged payment notice is a warning line', async () => {
    const answer = await api.post('/api/paymob/callback?hmac=forged', { obj: { id: 1, success: true } });
    expect(answer.status).toBeLessThan(500);
    await log.until((line) => String(line.msg).startsWith('Refused a paymob notification'));
    expect(log.lines.find((line) => String(line.msg).startsWith('Refused a paymob notification'))).toMatchObject({ level: 40, pid: process.pid });
  });

  it('holds no password, token, cookie, download link or download password after signing in, buying and editing', async () => {
    const shopper = new Shopper(api);
    await shopper.signUp('Quiet', 'Hush1234x');
    await shopper.post('/api/user/signout');
    const signedIn = await shopper.post('/api/user/login', { username: 'quiet', password: 'Hush1234x' });
    expect(signedIn.status).toBe(200);
    const paid = await shopper.post('/api/checkout/pay', { ...buyer, productId: guide._id });
    expect(paid.status).toBeLessThan(300);
    const profile = await shopper.get('/api/user/profiledata');
    const link = JSON.stringify(profile.body).match(/\/api\/orders\/[^"]+/)?.[0];
    expect(link).toBeDefined();
    expect((await shopper.get(link!)).status).toBeLessThan(400);
    const admin = await signedInAdmin(api);
    const editor = await admin.get(`/api/backendproduct/getdetailsforrUpdate/${guide._id}`);
    expect(JSON.stringify(editor.body)).toContain('Pass-7731');
    await shopper.post('/api/user/forgot-password/abcdefTOKEN0123456789', { newPassword: 'Secret12', repeatPassword: 'Secret12' });
    await fetch(`${api.url}/reset-password/abcdefTOKEN0123456789`);
    await log.until((line) => line.path === '/reset-password/:token');

    const text = log.text();
    const sessions = [shopper.cookie, admin.cookie].map((cookie) => cookie.split('=')[1]!);
    const sig = new URL(link!, api.url).searchParams.get('sig')!;
    for (const secret of ['Hush1234x', 'Owner123', ...sessions, sig, 'secret-guide', 'Pass-7731', 'abcdefTOKEN', 'expires=', 'sid=', 'producturl'])
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    // Nothing but the listed fields: no body, header or query string can slip in through another.
    const FIELDS = ['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'method', 'path', 'status', 'ms', 'userId', 'aborted', 'err'];
    for (const line of log.lines) expect(Object.keys(line).filter((key) => !FIELDS.includes(key))).toEqual([]);
    expect(log.lines.map((line) => line.path)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/checkout/pay', '/api/user/forgot-password/:token', '/reset-password/:token']),
    );
  });
});
