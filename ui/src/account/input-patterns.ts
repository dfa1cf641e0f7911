/**
 * The account forms' HTML input patterns: hints the browser gives before sending. The rules
 * themselves, and their messages, are the core's (usernameMessage, passwordProblems).
 */

/** The username input's pattern: at least 3 alphanumerics. */
export const USERNAME_PATTERN = '[A-Za-z0-9]{3,}';

/** The change-password form's input pattern additionally asks for a lowercase letter. */
export const CHANGE_PASSWORD_PATTERN = '(?=.*[a-z]).*';
