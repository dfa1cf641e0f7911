import { largeId } from '../adapters/persistence/seed/large-catalogue';

/**
 * Issue 22's figures beyond the single scenarios: each product page's first render, one page after
 * another, none of them rendered before (the cache cold for each), and the longest the server's
 * event loop was held meanwhile (bench/server.ts watches it).
 */

export const FIRST_RENDER_MS = 15;
export const LOOP_HELD_MS = 20;
const PAGES = 200;

export interface FirstRenders {
  readonly pages: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /** The longest the event loop waited while they rendered. */
  readonly loopHeldMs: number;
}

const at = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
const loopHeld = async (base: string) => ((await (await fetch(`${base}/api/bench/loop`)).json()) as { maxMs: number }).maxMs;

export const measureFirstRenders = async (base: string): Promise<FirstRenders> => {
  await loopHeld(base);
  const times: number[] = [];
  for (let n = 0; n < PAGES; n++) {
    const started = performance.now();
    const answer = await fetch(`${base}/product/${largeId(30_000 + n * 7)}`, { headers: { 'accept-language': 'en' } });
    const html = await answer.text();
    times.push(performance.now() - started);
    if (answer.status !== 200 || !html.includes('application/ld+json')) throw new Error(`A product page answered ${answer.status} without its structured data`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return { pages: PAGES, p50Ms: round(at(sorted, 0.5)), p95Ms: round(at(sorted, 0.95)), maxMs: round(sorted.at(-1)!), loopHeldMs: round(await loopHeld(base)) };
};

export const firstRendersLine = (r: FirstRenders): string =>
  `First render of ${r.pages} product pages, one after another (their reads included): p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms ` +
  `(goal: under ${FIRST_RENDER_MS} ms); the event loop held at most ${r.loopHeldMs} ms (goal: under ${LOOP_HELD_MS} ms)`;
