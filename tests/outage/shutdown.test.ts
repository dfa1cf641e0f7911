import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, ensureUiBuild } from '../../scripts/builds';

/**
 * The store as `npm start` runs it, in a process of its own, stopped with SIGTERM while shoppers
 * browse the catalogue and sign in (a slow call: Argon2 at a high cost). Every request the store
 * took (its request log says which) is answered, none with a 5xx; connections after the close are
 * refused; the process exits 0.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const ADMIN = { username: 'Shutter', email: 'shutter@store.test', password: 'Owner123' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Outcome {
  readonly kind: 'catalogue' | 'sign-in';
  /** Sent as X-Request-Id (the store trusts it: TRUST_PROXY), so the store's log names the request. */
  readonly id: string;
  readonly sentAt: number;
  readonly status?: number;
  readonly error?: string;
}

let sequence = 0;
const request = (port: number, agent: http.Agent, kind: Outcome['kind']): Promise<Outcome> =>
  new Promise((resolve) => {
    const sentAt = Date.now();
    const id = `load-${++sequence}`;
    const signIn = kind === 'sign-in';
    const body = JSON.stringify({ username: ADMIN.username, password: ADMIN.password });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: signIn ? 'POST' : 'GET',
        path: signIn ? '/api/user/login' : `/api/backendproduct/getproducts?page=${1 + (sentAt % 3)}&limit=15`,
        headers: { 'x-request-id': id, ...(signIn ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ kind, id, sentAt, status: response.statusCode }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ kind, id, sentAt, error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind, id, sentAt, error: error.code ?? error.message }));
    req.end(signIn ? body : undefined);
  });

// Run by `npm run test:e2e` (STORE_OUTAGE_TEST=1) with the other faults a store lives through; skipped by plain jest.
(process.env.STORE_OUTAGE_TEST === '1' ? describe : describe.skip)('stopping the store under load', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  beforeAll(() => {
    ensureUiBuild();
    ensureServerBuild();
  }, 120_000);
  afterAll(() => {
    child?.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request it took, none with a 5xx, and exits 0 within 10 s of SIGTERM', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-shutdown-'));
    const port = await freePort();
    child = spawn(process.execPath, ['scripts/launch.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        DATA_DIR: dataDir,
        // Its request log says which requests the store took (one line each, by request id).
        LOG_LEVEL: 'info',
        TRUST_PROXY: '1',
        // Six shoppers from one address as fast as they can: under the per-address limit they
        // would soon be answered 429 (tests/http/address-limits.test.ts), not kept in flight.
        RATE_LIMIT_REQUESTS: 'off',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // A sign-in of a few hundred milliseconds: the request that is sure to be in flight.
        ARGON2_MEMORY_KIB: '65536',
        ARGON2_TIME_COST: '6',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child!.once('exit', (code) => resolve({ code, at: Date.now() })));

    const probe = new http.Agent();
    for (let ready = false, deadline = Date.now() + 90_000; !ready; await new Promise((r) => setTimeout(r, 200))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The store did not become ready:\n${stderr}`);
      ready = await new Promise<boolean>((resolve) =>
        http.get({ host: '127.0.0.1', port, path: '/api/ready', agent: probe }, (r) => (r.resume(), resolve(r.statusCode === 200))).on('error', () => resolve(false)),
      );
    }

    // Shoppers on kept-alive connections, and sign-ins each on a new connection; each goes on
    // until the store refuses to connect.
    const outcomes: Outcome[] = [];
    const inFlightSince = new Map<number, number>();
    let refusedAll = false;
    const shopper = async (id: number, kind: Outcome['kind']) => {
      const agent = new http.Agent({ keepAlive: kind === 'catalogue', maxSockets: 1 });
      for (const until = Date.now() + 30_000; Date.now() < until && !refusedAll; ) {
        inFlightSince.set(id, Date.now());
        const outcome = await request(port, agent, kind);
        inFlightSince.delete(id);
        outcomes.push(outcome);
        if (outcome.error === 'ECONNREFUSED') break;
      }
      agent.destroy();
    };
    const load = [...[0, 1, 2, 3, 4, 5].map((id) => shopper(id, 'catalogue')), shopper(6, 'sign-in'), shopper(7, 'sign-in')];

    // SIGTERM once the load has run a second and a sign-in has been in flight for 150 ms.
    const loadStarted = Date.now();
    const signInLongInFlight = () => [6, 7].some((id) => Date.now() - (inFlightSince.get(id) ?? Infinity) >= 150);
    while (Date.now() - loadStarted < 1_000 || !signInLongInFlight()) await new Promise((r) => setTimeout(r, 5));
    const sigtermAt = Date.now();
    child.kill('SIGTERM');

    const { code, at } = await exited;
    refusedAll = true;
    await Promise.all(load);

    const before = outcomes.filter((o) => o.sentAt < sigtermAt);
    const answered = outcomes.filter((o) => o.status !== undefined);
    const summary = JSON.stringify({
      total: outcomes.length,
      answered: answered.length,
      errors: outcomes.filter((o) => o.error).map((o) => `${o.kind} ${o.error} ${o.sentAt - sigtermAt} ms`),
    });
    // Every request sent before the signal was taken: each is answered, the slow sign-ins included.
    expect([summary, before.filter((o) => o.status === undefined)]).toEqual([summary, []]);
    expect(before.filter((o) => o.kind === 'sign-in' && o.status === 200).length).toBeGreaterThan(0);
    // The requests the store took, from its log: each answered to the client, none with a 5xx. A
    // connection the closing listener never took (still in the kernel's queue) is refused or
    // reset; no request on it reached the store.
    const taken = new Map<string, { status: number; aborted?: boolean }>();
    for (const line of stdout.split('\n')) {
      const entry = line.startsWith('{') ? (JSON.parse(line) as { reqId?: string; status: number; aborted?: boolean }) : undefined;
      if (entry?.reqId?.startsWith('load-')) taken.set(entry.reqId, entry);
    }
    expect([summary, [...taken.values()].filter((t) => t.aborted || t.status >= 500)]).toEqual([summary, []]);
    expect([summary, outcomes.filter((o) => o.error && taken.has(o.id))]).toEqual([summary, []]);
    expect([summary, outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET')]).toEqual([summary, []]);
    expect([summary, answered.filter((o) => o.status! >= 500)]).toEqual([summary, []]);
    expect(outcomes.some((o) => o.error === 'ECONNREFUSED' && o.sentAt >= sigtermAt)).toBe(true);
    expect([code, stderr]).toEqual([0, '']);
    expect(taken.size).toBe(answered.length);
    expect(at - sigtermAt).toBeLessThan(10_000);
  }, 150_000);
});
