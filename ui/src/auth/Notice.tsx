import { Alert } from '../design/Alert';
import { PASSWORD_RULE_CODES, type MessageCode } from '../../../api/messages';
import { ApiError } from '../api/client';

export interface NoticeValue {
  tone: 'error' | 'success' | 'info';
  /** Several messages joined by newlines show as a list. */
  text: string;
}

/**
 * Password rule messages stay longer than other errors (spec 8). The server's are known by their
 * codes, never their text; the forms' own check knows it found rules broken.
 */
export const isPasswordRules = (codes: readonly MessageCode[]): boolean =>
  codes.length > 0 && codes.every((code) => PASSWORD_RULE_CODES.includes(code));

/** How a form is told of a failed call: the server's message and codes, or the form's own text. */
export const failedCall = (error: unknown, fallback: string): { text: string; codes: readonly MessageCode[] } =>
  error instanceof ApiError && error.fromServer ? { text: error.message, codes: error.codes } : { text: fallback, codes: [] };

/**
 * A form's message: one line as a paragraph, several (the password rules) as a list. Each line takes
 * its own direction: a server's message may still be English on an Arabic page.
 */
export function Notice({ notice }: { notice: NoticeValue | null }) {
  if (!notice) return null;
  const lines = notice.text.split('\n').filter(Boolean);
  return (
    <Alert tone={notice.tone}>
      {lines.length > 1 ? (
        <ul className="notice__list">
          {lines.map((line) => (
            <li key={line} dir="auto">
              {line}
            </li>
          ))}
        </ul>
      ) : (
        <p dir="auto">{lines[0]}</p>
      )}
    </Alert>
  );
}
