import { Json } from './json';

/** The JSON lines the store writes to standard output while a test runs, parsed. */
export interface CapturedLog {
  readonly lines: Record<string, Json>[];
  readonly text: () => string;
  /** The lines once one matches (the store writes a request's line when its response is done). */
  until(match: (line: Record<string, Json>) => boolean, timeoutMs?: number): Promise<Record<string, Json>[]>;
  restore(): void;
}

export const captureLog = (): CapturedLog => {
  const raw: string[] = [];
  const lines: Record<string, Json>[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    raw.push(text);
    for (const line of text.split('\n').filter(Boolean)) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        // Not a JSON line (another writer's output): only the raw text keeps it.
      }
    }
    return true;
  });
  return {
    lines,
    text: () => raw.join(''),
    until: async (match, timeoutMs = 2_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!lines.some(match)) {
        if (Date.now() > deadline) throw new Error(`No such log line in:\n${raw.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return lines;
    },
    restore: () => spy.mockRestore(),
  };
};
