import fs from 'node:fs';
import path from 'node:path';
import { Load } from './load';
import { Goal, MIX_GOALS, MixResult } from './scenarios';

export interface Outcome {
  readonly scenario: string;
  readonly bytes: number;
  /** The first, uncached answer. */
  readonly firstMs: number;
  readonly load: Load;
  readonly ceiling: Load;
  readonly ratio: number;
  readonly goal?: Goal;
  /** Undefined when the scenario has no goal. */
  readonly goalMet?: boolean;
}

export const outcome = (scenario: string, bytes: number, firstMs: number, load: Load, ceiling: Load, goal?: Goal): Outcome => {
  const ratio = ceiling.rps > 0 ? load.rps / ceiling.rps : 0;
  const clean = load.non2xx + load.errors + load.timeouts === 0;
  const goalMet = goal && clean && load.p99Ms < goal.p99Ms && ratio >= goal.minRatio;
  return { scenario, bytes, firstMs, load, ceiling, ratio, goal, goalMet };
};

const HEAD = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'ceiling req/s', 'ratio', 'goal met'];

const row = (o: Outcome): string[] => {
  const failures = o.load.non2xx + o.load.errors + o.load.timeouts;
  const met = o.goalMet === undefined ? 'no goal' : o.goalMet ? 'yes' : failures ? `no (${failures} failed)` : 'no';
  return [o.scenario, o.load.rps.toFixed(0), o.load.p50Ms.toFixed(1), o.load.p99Ms.toFixed(1), o.ceiling.rps.toFixed(0), o.ratio.toFixed(2), met];
};

/** A Markdown table, columns padded so that it also reads well in a terminal. */
export const table = (outcomes: readonly Outcome[]): string => markdown(HEAD, outcomes.map(row));

export const markdown = (head: readonly string[], body: readonly string[][]): string => {
  const rows = [head, ...body];
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
};

/** What an Arabic search scenario's name ends with, after its English twin's name. */
export const ARABIC = ', Arabic';

/** Each search beside its Arabic twin: p50 and p99 (issue 20: the same p99). */
export const searchPairs = (outcomes: readonly Outcome[]): string =>
  markdown(
    ['search', 'English p50 / p99 ms', 'Arabic p50 / p99 ms'],
    outcomes.flatMap((english) => {
      const arabic = outcomes.find((o) => o.scenario === english.scenario + ARABIC);
      const cell = (o: Outcome) => `${o.load.p50Ms.toFixed(1)} / ${o.load.p99Ms.toFixed(1)}`;
      return arabic ? [[english.scenario.replace(/^search, /, ''), cell(english), cell(arabic)]] : [];
    }),
  );

const MIX_HEAD = ['request kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'goal met'];

/** The signed-in mix, one row per kind of request; the goal is p99 only (no ceiling: requests differ). */
export const mixTable = (mix: MixResult): string => {
  const rows = mix.kinds.map((k) => {
    const goal = MIX_GOALS[k.kind];
    const met = goal === undefined ? 'no goal' : k.failed ? `no (${k.failed} failed)` : k.p99Ms < goal ? 'yes' : 'no';
    return [k.kind, String(k.requests), k.rps.toFixed(0), k.p50Ms.toFixed(1), k.p99Ms.toFixed(1), String(k.failed), met];
  });
  return markdown(MIX_HEAD, rows);
};

/** Side notes: body size, first answer, ceiling latency and failures, per scenario. */
export const details = (outcomes: readonly Outcome[]): string =>
  outcomes
    .map(
      (o) =>
        `  ${o.scenario}: ${o.bytes} B, first answer ${o.firstMs.toFixed(1)} ms, ` +
        `ceiling p50/p99 ${o.ceiling.p50Ms.toFixed(1)}/${o.ceiling.p99Ms.toFixed(1)} ms, ` +
        `${o.load.requests} requests, non-2xx ${o.load.non2xx}, errors ${o.load.errors}, timeouts ${o.load.timeouts}`,
    )
    .join('\n');

export const writeJson = (file: string, report: object): void => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
};
