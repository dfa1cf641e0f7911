import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';

/**
 * A PostgreSQL server of Debian's packages in a temporary folder, on 127.0.0.1 only (its socket
 * stays in that folder), for the contract suites and the benchmark. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the `postgres` user. Durability is off: it only speeds up
 * writes, and the folder is deleted at the end anyway.
 */
export interface ThrowawayPostgres {
  readonly url: string;
  stop(): void;
}

const binDir = (): string => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export const startThrowawayPostgres = async (): Promise<ThrowawayPostgres> => {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  const port = await freePort();
  const log = path.join(dir, 'server.log');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  try {
    run('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', log, '-o', options, 'start']);
  } catch (error) {
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-2000));
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
};
