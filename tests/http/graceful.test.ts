import http from 'node:http';
import { AddressInfo } from 'node:net';
import { gracefulShutdown } from '../../adapters/http/graceful';

/** A server whose `/slow` answers when the test says so, and its graceful shutdown. */
const aServer = async (graceMs: number) => {
  const events: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    events.push(`received ${request.url}`);
    const answer = () => response.end('done', () => events.push(`answered ${request.url}`));
    if (request.url === '/slow') void gate.then(answer);
    else if (request.url !== '/never') answer();
  });
  const { shutdown } = gracefulShutdown(server, { graceMs, closeStore: async () => void events.push('store closed') });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  const get = (path: string) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
        })
        .on('error', reject);
    });
  const until = async (event: string) => {
    while (!events.includes(event)) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { server, events, release, shutdown, get, until, agent };
};

describe('graceful shutdown', () => {
  it('refuses new connections, lets the request in flight finish, then closes the store', async () => {
    const s = await aServer(10_000);
    const slow = s.get('/slow');
    await s.until('received /slow');
    const stopped = s.shutdown();
    await expect(s.get('/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(s.events).not.toContain('store closed');
    s.release();
    // The connection is not offered for another request: the client will not reuse a closing one.
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(await stopped).toBe('finished');
    expect(s.events).toEqual(['received /slow', 'answered /slow', 'store closed']);
    s.agent.destroy();
  });

  it('closes idle keep-alive connections within a moment instead of waiting for them', async () => {
    const s = await aServer(10_000);
    expect((await s.get('/fast')).connection).toBe('keep-alive');
    const started = Date.now();
    expect(await s.shutdown()).toBe('finished');
    expect(Date.now() - started).toBeLessThan(1_000);
    s.agent.destroy();
  });

  it('answers, rather than resets, a request sent on a kept-alive connection as the shutdown starts', async () => {
    const s = await aServer(10_000);
    expect((await s.get('/fast')).connection).toBe('keep-alive');
    const stopped = s.shutdown();
    expect(await s.get('/fast')).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(await stopped).toBe('finished');
    s.agent.destroy();
  });

  it('cuts off what is still running after the grace period, and still closes the store', async () => {
    const s = await aServer(300);
    const never = s.get('/never');
    await s.until('received /never');
    const started = Date.now();
    expect(await s.shutdown()).toBe('forced');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(never).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(s.events).toContain('store closed');
    s.agent.destroy();
  });

  it('stops once however many signals arrive', async () => {
    const s = await aServer(10_000);
    const [first, second] = [s.shutdown(), s.shutdown()];
    expect(first).toBe(second);
    await first;
    expect(s.events.filter((event) => event === 'store closed')).toHaveLength(1);
  });
});
