/** pg-boss's statement texts (not in its published types): job-queue-db.ts reads the two it sends without waiting. */
declare module 'pg-boss/src/plans' {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}
