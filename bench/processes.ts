import { ChildProcess, spawn } from 'node:child_process';

/**
 * Child processes and the clean-up stack of a benchmark run. Whatever is started registers how to
 * undo it; `cleanUp` runs those in reverse order, once, whether the run ends well, fails or is
 * interrupted.
 */
type Cleanup = () => Promise<void> | void;

const cleanups: Cleanup[] = [];
const running = new Set<ChildProcess>();

export const onCleanup = (cleanup: Cleanup): void => {
  cleanups.push(cleanup);
};

export const cleanUp = async (): Promise<void> => {
  while (cleanups.length) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error('Clean-up step failed:', error instanceof Error ? error.message : error);
    }
  }
  for (const child of running) child.kill('SIGKILL');
};

/** Asks a child to stop (SIGTERM), and kills it if it has not within `graceMs`. */
export const stop = (child: ChildProcess, graceMs = 5000): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Starts a process that `cleanUp` kills if it still runs. */
export const start = (command: string, args: readonly string[], env?: NodeJS.ProcessEnv): ChildProcess => {
  const child = spawn(command, args, { env: env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
};

export interface ExecOptions {
  readonly timeoutMs: number;
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs a command to its end; rejects on a non-zero exit, or kills it after `timeoutMs`. */
export const exec = (command: string, args: readonly string[], { timeoutMs, env }: ExecOptions): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = start(command, args, env);
    child.stdin?.end();
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(stdout);
      const why = timedOut ? `took longer than ${timeoutMs / 1000} s` : signal ? `was stopped by ${signal}` : `exited with ${code}`;
      reject(new Error(`${[command, ...args].join(' ').slice(0, 200)} ${why}\n${stderr.trim().slice(-2000)}`));
    });
  });
