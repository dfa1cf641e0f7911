import { passwordMessage, passwordProblems } from '../../core/identity/domain/password-policy';
import { usernameMessage } from '../../core/identity/domain/user';

describe('password rules', () => {
  it.each([
    ['Ab12', ['Password should be at least 6 characters']],
    [`Ab12${'x'.repeat(97)}`, ['Password should be at maximum 100 characters']],
    ['abcd12', ['Password should have at least 1 uppercase letter']],
    ['Abcdef1', ['Password should have at least 2 digits']],
    ['Abc 123', ['Password should not have spaces']],
    ['Abcd12', []],
    [`Ab12${'x'.repeat(96)}`, []],
  ])('%p breaks %p', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('joins several messages with newlines, in the spec order', () => {
    expect(passwordMessage('a b')).toBe(
      'Password should be at least 6 characters\nPassword should have at least 1 uppercase letter\nPassword should have at least 2 digits\nPassword should not have spaces',
    );
    expect(passwordMessage('Secret12')).toBeUndefined();
  });
});

describe('username rules', () => {
  it.each([
    ['', 'Username cannot be empty'],
    ['   ', 'Username cannot be empty'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(31), 'Username must be at most 30 characters'],
    ['ab cd', 'Username can only have letters and digits'],
    ['Amal99', undefined],
  ])('%p: %p', (name, message) => expect(usernameMessage(name)).toBe(message));
});
