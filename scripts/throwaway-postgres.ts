import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A PostgreSQL server of Debian's packages in a temporary folder, on 127.0.0.1 only (its socket
 * stays in that folder), for the contract suites and the benchmark. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the `postgres` user. Durability is off: it only speeds up
 * writes, and the folder is deleted at the end anyway.
 */
export interface ThrowawayPostgres {
  readonly url: string;
  /** Stops the server and deletes its folder. */
  stop(): void;
  /** Shuts the server down as an operator would (`pg_ctl stop -m fast`), keeping its data. */
  shutDown(): Promise<void>;
  /** Starts it again on the same folder and port, after `shutDown`. */
  startAgain(): Promise<void>;
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
  // Without blocking the process: a test keeps serving requests while the server stops and starts.
  const runAside = async (tool: string, args: string[]) => {
    await (asRoot
      ? promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : promisify(execFile)(path.join(bin, tool), args));
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  const log = path.join(dir, 'server.log');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const startArgs = ['-D', data, '-w', '-t', '60', '-l', log, '-o', options, 'start'];
  try {
    run('pg_ctl', startArgs);
  } catch (error) {
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-2000));
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  let down = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (!down) run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  const shutDown = async () => {
    await runAside('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
    down = true;
  };
  const startAgain = async () => {
    await runAside('pg_ctl', startArgs);
    down = false;
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, shutDown, startAgain };
};
