import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { exec, onCleanup } from './processes';

/** Where Debian puts PostgreSQL 15; `BENCH_PG_BIN` points elsewhere. */
const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const DATABASE = 'bench';

/** A port nobody listens on at this moment, on the loopback interface. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** PostgreSQL refuses to run as root, so root runs its tools as the `postgres` user. */
const isRoot = process.getuid?.() === 0;
const pgTool = (tool: string, args: string[], timeoutMs = 120_000) =>
  isRoot
    ? exec('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args], { timeoutMs })
    : exec(path.join(PG_BIN, tool), args, { timeoutMs });

const handOver = async (dir: string) => {
  if (!isRoot) return;
  const [uid, gid] = await Promise.all(['-u', '-g'].map((flag) => exec('id', [flag, 'postgres'], { timeoutMs: 5000 })));
  fs.chownSync(dir, Number(uid), Number(gid));
};

/**
 * A throwaway cluster in a new folder under the system's temporary folder, listening on 127.0.0.1
 * only (its socket file stays inside that folder). Durability is off: it only speeds up seeding,
 * reads are unaffected, and the data is deleted at the end anyway. Returns the URL of an empty
 * database; the cluster is stopped and its folder removed by `cleanUp`.
 */
export const startThrowawayPostgres = async (): Promise<string> => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-pg-'));
  onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
  await handOver(root);
  const data = path.join(root, 'data');
  const log = path.join(root, 'postgres.log');
  await pgTool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);

  const port = await freePort();
  const options = [
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${root}`,
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
  ].join(' ');
  onCleanup(async () => {
    await pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'], 40_000).catch(() =>
      pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '10', 'stop'], 20_000),
    );
    console.log('PostgreSQL stopped and its folder removed.');
  });
  try {
    await pgTool('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'], 90_000);
  } catch (error) {
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-2000));
    throw error;
  }

  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
};
