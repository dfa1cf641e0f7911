import { ADMINS_ONLY, requireAdmin, requireUser } from '../../core/identity/domain/rights';
import { emailMessage, normalEmail, signInName } from '../../core/identity/domain/user';
import { forbidden, unauthorized } from '../../core/shared/errors';
import { textProblem } from '../../core/shared/text';

const shopper = { id: 'a'.repeat(24), username: 'Hana', email: 'hana@mail.test', role: 'User' as const };
const admin = { ...shopper, role: 'Admin' as const };

describe('rights', () => {
  it('requireUser answers the user, or 401 signed out', () => {
    expect(requireUser(shopper)).toBe(shopper);
    expect(requireUser(undefined)).toEqual(unauthorized('Please sign in first'));
  });

  it('requireAdmin answers an admin, 401 signed out, 403 for anyone else', () => {
    expect(requireAdmin(admin)).toBe(admin);
    expect(requireAdmin(undefined)).toEqual(unauthorized('Please sign in first'));
    expect(requireAdmin(shopper)).toEqual(forbidden(ADMINS_ONLY));
  });
});

describe('control characters', () => {
  const refused = (text: string, multiline = false) => textProblem('Note', text, { multiline }) !== undefined;

  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r'])('finds %j in a one-line field', (c) => {
    expect(textProblem('Note', `a${c}b`)).toBe('Note must not contain control characters');
  });

  it('allows tab and line breaks in a multi-line field, nothing else', () => {
    expect(refused('line one\r\n\tline two', true)).toBe(false);
    expect(refused('line\u0000', true)).toBe(true);
    expect(refused('caf\u00e9 \u00a0 \u200b \u4e66')).toBe(false);
  });
});

describe('the login-name rule', () => {
  it("an '@' makes an e-mail address in its normal form; anything else is a username", () => {
    expect(signInName(' \uff28ana@Mail.test ')).toEqual({ kind: 'email', email: 'hana@mail.test' });
    expect(signInName('ana\uff20mail.test')).toEqual({ kind: 'email', email: 'ana@mail.test' });
    expect(signInName(' Hana ')).toEqual({ kind: 'username', username: 'Hana' });
  });

  it('normalises addresses to one form and refuses look-alikes', () => {
    expect(normalEmail('Cafe\u0301@Mail.TEST')).toBe(normalEmail('caf\u00e9@mail.test'));
    expect(emailMessage(normalEmail('hana@mail.test'))).toBeUndefined();
    for (const lookAlike of ['ha\u00adna@mail.test', 'hana@mail\u200c.test', 'hana@mail.test.', 'hana.@mail.test', '\ufeffhana@mail.test'])
      expect([lookAlike, emailMessage(normalEmail(lookAlike))]).toEqual([lookAlike, 'Invalid email format']);
  });
});
