import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`: the type check, the dependency rule and ESLint run beside Jest rather than before it. Alone,
 * each kept one core busy while the other waited; beside Jest's two workers they fill its gaps.
 * Jest writes as it goes; the checks' output is held and printed after it, each under its name.
 * Any of them failing fails `npm test`.
 */
/** What tsc learnt of this checkout, kept for its next run: one file per checkout, outside it. */
const CHECKOUT = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12);
const TYPES_SEEN = path.join(os.tmpdir(), `store-typecheck-${CHECKOUT}.tsbuildinfo`);
/** What ESLint found of each file, kept the same way: a later run lints only the files that changed. */
const LINT_SEEN = path.join(os.tmpdir(), `store-eslint-${CHECKOUT}.cache`);

const CHECKS: readonly (readonly string[])[] = [
  // Incremental: a later run checks only what changed (about 5 s instead of 25); a first run, as in CI, gains nothing.
  ['run', '--silent', 'typecheck', '--', '--incremental', '--tsBuildInfoFile', TYPES_SEEN],
  ['run', '--silent', 'lint:deps'],
  ['run', '--silent', 'lint', '--', '--cache', '--cache-location', LINT_SEEN],
];

interface Outcome {
  readonly name: string;
  readonly status: number;
  readonly output: string;
}

const run = (command: string, args: readonly string[], options: { quiet: boolean; env?: NodeJS.ProcessEnv }): Promise<Outcome> =>
  new Promise((resolve) => {
    const name = [command, ...args.slice(0, 3)].join(' ');
    const child = spawn(command, args, { stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: options.env ?? process.env });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', (error) => resolve({ name, status: 1, output: String(error) }));
    child.on('close', (code) => resolve({ name, status: code ?? 1, output }));
  });

const main = async () => {
  // One after the other: with Jest's two workers, three processes share two cores.
  const checks = (async () => {
    const outcomes: Outcome[] = [];
    for (const args of CHECKS) {
      let outcome = await run('npm', args, { quiet: true });
      // tsc's incremental state can go stale and report errors a full check does not (seen after
      // commits that moved files): an incremental failure is checked again from nothing.
      if (outcome.status !== 0 && args.includes(TYPES_SEEN)) {
        fs.rmSync(TYPES_SEEN, { force: true });
        outcome = await run('npm', args, { quiet: true });
      }
      outcomes.push(outcome);
    }
    return outcomes;
  })();
  const jest = await run('npx', ['jest', ...process.argv.slice(2)], {
    quiet: false,
    env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' },
  });
  const outcomes = await checks;
  for (const { name, status, output } of outcomes) {
    console.log(`\n${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`}`);
    if (output.trim()) console.log(output.trimEnd());
  }
  const failed = [...outcomes, jest].filter((outcome) => outcome.status !== 0).map((outcome) => outcome.name);
  if (failed.length) console.error(`\nnpm test failed: ${failed.join('; ')}`);
  process.exit(failed.length ? 1 : 0);
};

void main();
