/** Days as the back office's filters take them: YYYY-MM-DD, in UTC. */
export const DATE_RULE = 'from and to must be dates written YYYY-MM-DD';
export const DATES_BACKWARDS = 'from must be on or before to';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const MS_PER_DAY = 86_400_000;

/** Midnight UTC of a real date, or undefined (2026-02-30 is no day, nor is 2026-3-1). */
export const midnightOf = (day: string): Date | undefined => {
  if (!DAY.test(day)) return undefined;
  const at = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day ? at : undefined;
};
