/**
 * The password rules of sign-up, password change and reset: the one source of their messages,
 * imported by the server and the UI. Several failures are joined by newlines.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;

const RULES: readonly [(password: string) => boolean, string][] = [
  [(p) => p.length >= PASSWORD_MIN, `Password should be at least ${PASSWORD_MIN} characters`],
  [(p) => p.length <= PASSWORD_MAX, `Password should be at maximum ${PASSWORD_MAX} characters`],
  [(p) => /[A-Z]/.test(p), 'Password should have at least 1 uppercase letter'],
  [(p) => (p.match(/\d/g) ?? []).length >= 2, 'Password should have at least 2 digits'],
  [(p) => !/\s/.test(p), 'Password should not have spaces'],
];

/** The rules in one line, as a form's hint. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, 1 uppercase letter and 2 digits, no spaces.`;

/** Every rule the password breaks, in the spec's order; empty when it is acceptable. */
export const passwordProblems = (password: string): string[] =>
  RULES.filter(([holds]) => !holds(password)).map(([, message]) => message);

export const passwordMessage = (password: string): string | undefined => {
  const problems = passwordProblems(password);
  return problems.length ? problems.join('\n') : undefined;
};
