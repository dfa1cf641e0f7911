/**
 * Text that reaches the store's rules and its database. PostgreSQL refuses NUL in text, and no form
 * of the store has a use for another control character: they are refused at the edge with a message.
 */
export interface TextOptions {
  /** Tab and line breaks are allowed where a field holds several lines (a description). */
  readonly multiline?: boolean;
}

// C0 controls, DEL and C1 controls; the multi-line variant leaves out tab, LF and CR.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (text: string, { multiline = false }: TextOptions = {}): boolean =>
  (multiline ? CONTROL_BUT_LINES : CONTROL).test(text);

export const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;
