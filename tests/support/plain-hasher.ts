import { PasswordHasher } from '../../core/identity/ports';

/** A transparent hasher for use-case tests; it records what it was asked to verify. */
export class PlainHasher implements PasswordHasher {
  readonly verified: (string | undefined)[] = [];
  async hash(password: string) {
    return `plain:${password}`;
  }
  async verify(password: string, hash: string | undefined) {
    this.verified.push(hash);
    return hash === `plain:${password}`;
  }
}
