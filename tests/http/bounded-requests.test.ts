import net from 'node:net';
import { configFromEnv } from '../../adapters/di/config';
import { ADDRESS_TOO_LONG, SERVER_LIMITS } from '../../adapters/http/server-limits';
import { RunningStore, startStore } from '../support/http';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/** What a raw connection receives until the store closes it (or `giveUpMs` passes), and when. */
const converse = (url: string, write: (socket: net.Socket) => void, giveUpMs: number) =>
  new Promise<{ text: string; closedAfterMs: number | undefined }>((resolve) => {
    const { hostname, port } = new URL(url);
    const started = Date.now();
    const socket = net.connect(Number(port), hostname, () => write(socket));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: undefined });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });

describe('requests with a bounded answer', () => {
  // The store's own limits, shortened so that the test waits for them in a second.
  const LIMITS = { headersTimeoutMs: 500, requestTimeoutMs: 1000, checkEveryMs: 100, productFileUpload: { requestTimeoutMs: 10_000, idleTimeoutMs: 1000 } };
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([aProduct()], {}, LIMITS)));
  afterAll(() => api.close());

  it('the running store has limits, headers first', () => {
    expect(SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(SERVER_LIMITS.requestTimeoutMs);
    expect(SERVER_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(120_000);
  });

  it('a query string of 100 KB is answered 414, and the store keeps serving', async () => {
    const long = await api.get(`/api/backendproduct/getproducts?page=1&q=${'a'.repeat(100 * 1024)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ success: false, ...withCode(ADDRESS_TOO_LONG) });
    expect((await api.get('/api/backendproduct/getproducts?page=1&limit=5')).status).toBe(200);
  });

  it('a slowloris client, sending a header now and then, is answered 408 and let go', async () => {
    let trickle: NodeJS.Timeout | undefined;
    const { text, closedAfterMs } = await converse(
      api.url,
      (socket) => {
        socket.write('GET /api/getip HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 100);
      },
      5_000,
    );
    clearInterval(trickle);
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body that never finishes is answered 408 and let go, and others are still served', async () => {
    const { text, closedAfterMs } = await converse(
      api.url,
      (socket) =>
        socket.write('POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":'),
      5_000,
    );
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect((await api.get('/api/getip')).status).toBe(200);
  });
});

describe('a malformed setting stops the store at start, naming the setting', () => {
  const refused = (env: Record<string, string>) => {
    try {
      configFromEnv(env);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not an address' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://root@db/store' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, 'PUBLIC_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
  ])('%j', (env, setting) => {
    expect(refused(env)).toMatch(new RegExp(`^The configuration is not valid:\\n  ${setting}: `));
  });

  it('accepts the addresses it can use', () => {
    expect(refused({ DATABASE_URL: 'postgres://store:secret@db.internal:5432/store' })).toBe('accepted');
    expect(refused({ DATABASE_URL: 'postgresql:///store?host=/var/run/postgresql' })).toBe('accepted');
    expect(refused({ PUBLIC_URL: 'https://shop.example', PORT: '8080', TEST_PAYMENTS: 'on' })).toBe('accepted');
  });
});
