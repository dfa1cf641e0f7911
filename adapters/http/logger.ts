import pino from 'pino';

/**
 * The store's log: one JSON object a line on standard output (pino), for the process manager or a
 * log shipper to collect; each line names the process (pid, hostname), as several may share a log.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Write = (fields: Record<string, unknown>, message: string) => void;

export interface Logger {
  readonly level: string;
  fatal: Write;
  error: Write;
  warn: Write;
  info: Write;
  debug: Write;
}

/** Through process.stdout, so that what reads the process's output (and the tests) sees each line. */
export const createLogger = (level: LogLevel): Logger => pino({ level }, process.stdout);
