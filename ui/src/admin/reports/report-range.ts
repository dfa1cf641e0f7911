import type { ReportRange } from '../../api/reports';

const PERIODS = ['day', 'week', 'month'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's month so far, in UTC as the server counts days: what the reports open on. */
export const monthSoFar = (now: Date): ReportRange => {
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today, period: 'day' };
};

/**
 * The range the page's address asks for (?from=&to=&period=), each part that is missing or not of
 * the right form taken from the default; the server still checks that the days exist and fit.
 */
export const rangeOf = (params: URLSearchParams, fallback: ReportRange): ReportRange => {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = params.get('period') ?? '';
  return {
    from: DAY.test(from) ? from : fallback.from,
    to: DAY.test(to) ? to : fallback.to,
    period: (PERIODS as readonly string[]).includes(period) ? (period as ReportRange['period']) : fallback.period,
  };
};
