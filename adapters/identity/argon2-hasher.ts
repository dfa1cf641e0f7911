import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The binding's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
import { PasswordHasher } from '../../core/identity/ports';

export interface Argon2Cost {
  /** KiB of memory per hash (OWASP's minimum for Argon2id is 19,456). */
  readonly memoryCost: number;
  readonly timeCost: number;
}

/** Argon2id through a maintained native binding. */
export class Argon2Hasher implements PasswordHasher {
  private decoy: Promise<string> | undefined;

  constructor(private readonly cost: Argon2Cost) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, parallelism: 1, ...this.cost });
  }

  async verify(password: string, stored: string | undefined): Promise<boolean> {
    // An unknown account is checked against a decoy of the same cost, so timing tells nothing.
    this.decoy ??= this.hash(randomBytes(16).toString('hex'));
    const target = stored ?? (await this.decoy);
    try {
      return (await verify(target, password)) && stored !== undefined;
    } catch {
      return false;
    }
  }
}
