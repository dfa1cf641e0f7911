import { DayRange } from '../../core/reports/domain/report';

/** Days as the rollups of migration 031 key them: YYYY-MM-DD in UTC, months by their 1st. */

const DAY_MS = 86_400_000;
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const nextDay = (day: string) => dayAt(msOf(day) + DAY_MS);
export const dayBefore = (day: string) => dayAt(msOf(day) - DAY_MS);
export const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;
export const nextMonthStart = (day: string) => {
  const d = new Date(`${monthStartOf(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
export const monthEndOf = (day: string) => dayBefore(nextMonthStart(day));

/** A half-open [start, end) of days; empty when start >= end. */
export interface DaySpan {
  readonly start: string;
  readonly end: string;
}

/**
 * A range as the rollups read it cheaply: its whole months from the monthly rows, and the days
 * before and after them from the daily rows (a year is twelve months and at most sixty days).
 */
export const rangeParts = ({ from, to }: DayRange): { months: DaySpan; before: DaySpan; after: DaySpan } => {
  const end = nextDay(to);
  const firstWhole = from === monthStartOf(from) ? from : nextMonthStart(from);
  const wholeEnd = monthStartOf(end);
  if (firstWhole >= wholeEnd) return { months: { start: from, end: from }, before: { start: from, end }, after: { start: end, end } };
  return { months: { start: firstWhole, end: wholeEnd }, before: { start: from, end: firstWhole }, after: { start: wholeEnd, end } };
};

/** The 1st of each month a span of whole months holds. */
export const monthsOf = ({ start, end }: DaySpan): string[] => {
  const months: string[] = [];
  for (let month = start; month < end; month = nextMonthStart(month)) months.push(month);
  return months;
};

/** Each day of a span. */
export const daysOf = ({ start, end }: DaySpan): string[] => {
  const days: string[] = [];
  for (let day = start; day < end; day = nextDay(day)) days.push(day);
  return days;
};

/** The 1st of every month a range touches, wholly or in part. */
export const monthsTouched = ({ from, to }: DayRange): string[] => monthsOf({ start: monthStartOf(from), end: nextMonthStart(to) });
