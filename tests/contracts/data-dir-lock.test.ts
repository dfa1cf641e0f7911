import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUse, lockDataDir } from '../../adapters/persistence/database';

describe('the embedded database folder lock', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));

  it('refuses a folder that a running process holds, with a message naming it', () => {
    const folder = dir();
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirInUse);
    expect(() => lockDataDir(folder)).toThrow(`is in use by another process (pid ${process.pid})`);
    release();
    lockDataDir(folder)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const folder = dir();
    fs.writeFileSync(path.join(folder, 'pglite.lock'), '2147483646');
    const release = lockDataDir(folder);
    expect(fs.readFileSync(path.join(folder, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(folder, 'pglite.lock'))).toBe(false);
  });
});
