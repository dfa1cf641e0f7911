/**
 * The store's log: one JSON object a line on standard output, for the process manager or a log
 * shipper to collect. The interface is pino's (`logger.info(fields, message)`), so that pino can
 * replace the small writer below in this one file once it is installed.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Write = (fields: Record<string, unknown>, message: string) => void;

export interface Logger {
  readonly level: LogLevel;
  fatal: Write;
  error: Write;
  warn: Write;
  info: Write;
  debug: Write;
}

/** pino's numbers for its levels, kept in the line so that pino's tools read it. */
const NUMBER: Record<Exclude<LogLevel, 'silent'>, number> = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20 };

export const jsonLinesLogger = (level: LogLevel, out: (line: string) => void = (line) => void process.stdout.write(line)): Logger => {
  const least = level === 'silent' ? Infinity : NUMBER[level];
  const at =
    (name: Exclude<LogLevel, 'silent'>): Write =>
    (fields, message) => {
      if (NUMBER[name] < least) return;
      out(`${JSON.stringify({ level: NUMBER[name], time: Date.now(), ...fields, msg: message })}\n`);
    };
  return { level, fatal: at('fatal'), error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
};
