import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The binding's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
import { PasswordHasher } from '../../core/identity/ports';
import { Turns } from './turns';

export interface Argon2Cost {
  /** KiB of memory per hash (OWASP's minimum for Argon2id is 19,456). */
  readonly memoryCost: number;
  readonly timeCost: number;
}

/**
 * Argon2id through a maintained native binding, each hash and check taking its turn in `queue`
 * (a full queue rejects with NoTurnLeft, which the HTTP edge answers 503).
 */
export class Argon2Hasher implements PasswordHasher {
  private decoy: Promise<string> | undefined;

  constructor(
    private readonly cost: Argon2Cost,
    private readonly queue: Turns = new Turns(1),
  ) {}

  hash(password: string): Promise<string> {
    return this.queue.run(() => hash(password, { algorithm: ARGON2ID, parallelism: 1, ...this.cost }));
  }

  async verify(password: string, stored: string | undefined): Promise<boolean> {
    // An unknown account is checked against a decoy of the same cost, so timing tells nothing.
    const target = stored ?? (await this.decoyHash());
    return this.queue.run(async () => {
      try {
        return (await verify(target, password)) && stored !== undefined;
      } catch {
        // A stored hash the binding cannot read matches no password.
        return false;
      }
    });
  }

  private decoyHash(): Promise<string> {
    // Made once; a decoy refused by a full queue is made again by the next check.
    this.decoy ??= this.hash(randomBytes(16).toString('hex')).catch((error: unknown) => {
      this.decoy = undefined;
      throw error;
    });
    return this.decoy;
  }
}
