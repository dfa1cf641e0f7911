import { Alert } from '../design/Alert';

export interface NoticeValue {
  tone: 'error' | 'success' | 'info';
  /** Several messages joined by newlines show as a list. */
  text: string;
}

/** Password rule messages (core's, via the UI or the server) stay longer than other errors (spec 8). */
export const isPasswordRules = (text: string): boolean => text.split('\n').every((line) => line.startsWith('Password should'));

/** A form's message: one line as a paragraph, several (the password rules) as a list. */
export function Notice({ notice }: { notice: NoticeValue | null }) {
  if (!notice) return null;
  const lines = notice.text.split('\n').filter(Boolean);
  return (
    <Alert tone={notice.tone}>
      {lines.length > 1 ? (
        <ul className="notice__list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{lines[0]}</p>
      )}
    </Alert>
  );
}
