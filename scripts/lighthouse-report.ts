/**
 * What `npm run lighthouse` reads from each Lighthouse report, the goals of issue 10 (item 9), and
 * the table it prints. No browser here: the run itself is in scripts/lighthouse.ts.
 */

/** The parts of a Lighthouse result this script reads (a structural subset of LH.Result). */
export interface LighthouseResult {
  readonly categories: Record<string, { readonly score: number | null } | undefined>;
  readonly audits: Record<string, { readonly numericValue?: number; readonly details?: { readonly items?: readonly unknown[] } } | undefined>;
  readonly runtimeError?: { readonly code: string; readonly message: string };
}

export interface PageScore {
  readonly page: string;
  /** 0 to 100, as Lighthouse shows them. */
  readonly performance: number;
  readonly accessibility: number;
  readonly seo: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly consoleErrors: number;
}

export interface Goals {
  readonly performance: number;
  readonly accessibility: number;
  readonly clsBelow: number;
  readonly consoleErrors: number;
  readonly lcpMsAtMost?: number;
  readonly seo?: number;
}

/** Issue 10's goals, for the pages the browser renders (the cart, the checkout). */
export const GOALS: Goals = { performance: 95, accessibility: 100, clsBelow: 0.1, consoleErrors: 0 };
/** Issue 22's, for the pages the server renders: 98 on any run (100 the aim), LCP 1.5 s, no layout shift, SEO 100. */
export const RENDERED_GOALS: Goals = { performance: 98, accessibility: 100, clsBelow: 0.001, consoleErrors: 0, lcpMsAtMost: 1500, seo: 100 };

const percent = (score: number | null | undefined): number => Math.round((score ?? 0) * 100);
const numeric = (lhr: LighthouseResult, audit: string): number => lhr.audits[audit]?.numericValue ?? Number.NaN;

export const pageScore = (page: string, lhr: LighthouseResult): PageScore => {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    page,
    performance: percent(lhr.categories.performance?.score),
    accessibility: percent(lhr.categories.accessibility?.score),
    seo: percent(lhr.categories.seo?.score),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    consoleErrors: lhr.audits['errors-in-console']?.details?.items?.length ?? 0,
  };
};

/** The goals a page misses, in words; empty when it meets them all. */
export const missedGoals = (s: PageScore, goals: Goals = GOALS): string[] => [
  ...(s.performance < goals.performance ? [`performance ${s.performance} < ${goals.performance}`] : []),
  ...(s.accessibility < goals.accessibility ? [`accessibility ${s.accessibility} < ${goals.accessibility}`] : []),
  ...(goals.seo !== undefined && s.seo < goals.seo ? [`SEO ${s.seo} < ${goals.seo}`] : []),
  ...(goals.lcpMsAtMost !== undefined && !(s.lcpMs <= goals.lcpMsAtMost) ? [`LCP ${Math.round(s.lcpMs)} ms > ${goals.lcpMsAtMost} ms`] : []),
  ...(!(s.cls < goals.clsBelow) ? [`layout shift ${s.cls.toFixed(3)} >= ${goals.clsBelow}`] : []),
  ...(s.consoleErrors > goals.consoleErrors ? [`${s.consoleErrors} console error(s)`] : []),
];

/**
 * Several runs of one page as one row: the speed figures of the run of median performance
 * (Lighthouse's own advice for its noisy scores), and the worst of the rest, which should not vary.
 */
export const combineRuns = (runs: readonly PageScore[]): PageScore => {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    ...median,
    accessibility: Math.min(...runs.map((r) => r.accessibility)),
    seo: Math.min(...runs.map((r) => r.seo)),
    cls: Math.max(...runs.map((r) => r.cls)),
    consoleErrors: Math.max(...runs.map((r) => r.consoleErrors)),
  };
};

const ms = (value: number) => `${Math.round(value)} ms`;

export const scoreTable = (rows: readonly { score: PageScore; runs: readonly number[]; goals: Goals }[]): string =>
  [
    '| page | performance | accessibility | SEO | LCP | TBT | CLS | console errors | goals met |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
    ...rows.map(({ score: s, runs, goals }) => {
      const missed = missedGoals(s, goals);
      const performance = runs.length > 1 ? `${s.performance} (${runs.join(', ')})` : String(s.performance);
      return `| ${s.page} | ${performance} | ${s.accessibility} | ${s.seo} | ${ms(s.lcpMs)} | ${ms(s.tbtMs)} | ${s.cls.toFixed(3)} | ${s.consoleErrors} | ${missed.length ? `no: ${missed.join('; ')}` : 'yes'} |`;
    }),
    '',
    `Goals of the pages the server renders: performance >= ${RENDERED_GOALS.performance}, accessibility ${RENDERED_GOALS.accessibility}, SEO ${RENDERED_GOALS.seo}, ` +
      `LCP <= ${RENDERED_GOALS.lcpMsAtMost} ms, layout shift < ${RENDERED_GOALS.clsBelow}, no console error; ` +
      `of the others: performance >= ${GOALS.performance}, accessibility ${GOALS.accessibility}, layout shift < ${GOALS.clsBelow}, no console error.`,
  ].join('\n');
