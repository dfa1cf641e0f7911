import { z } from 'zod';
import { TextOptions, textProblem } from '../core/shared/text';

export interface TextFieldOptions extends TextOptions {
  /** Longest accepted; longer is refused here, before any rule or query sees it. */
  readonly max?: number;
  /** Said when the field is missing (a form's 'All fields must be filled'); else as for a non-text value. */
  readonly missing?: string;
  readonly notText?: string;
  readonly tooLong?: string;
}

/**
 * The one shape of a text field in any request: text, at most `max` characters, and text the core's
 * rule accepts (core/shared/text.ts): no control character (NUL would reach PostgreSQL, which
 * refuses it, as a 500; DECISIONS 2), unpaired surrogate, noncharacter or reordering control.
 */
export const textField = (name: string, options: TextFieldOptions = {}) => {
  const { max = 1000, missing, notText = `${name} must be text`, tooLong = `${name} is too long` } = options;
  return z
    .string({ error: (issue) => (issue.input === undefined && missing ? missing : notText) })
    .max(max, tooLong)
    .superRefine((text, context) => {
      const problem = textProblem(name, text, options);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
};

/** A whole number given as text (query strings), within what JavaScript counts exactly. */
export const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${name} must be a whole number`)
    .transform(Number);

/**
 * A field a spec client sends that the store never reads (a price, an amount, a user id: the
 * catalogue prices every order and the session says who asks, DECISIONS 14): accepted so the
 * spec's payloads pass, never used. A value, never an object, so nothing nested rides along.
 */
export const ignored = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]).optional();
