import * as TE from 'fp-ts/TaskEither';
import { DomainError, conflict } from '../../shared/errors';
import { IdGenerator } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { passwordMessage } from '../domain/password-policy';
import { firstProblem } from '../domain/problems';
import { User, emailMessage, normalEmail, usernameMessage, withoutHash } from '../domain/user';
import { PasswordHasher, Users } from '../ports';

export const ADMIN_NAME_TAKEN =
  "An account that is not this admin already holds the admin's username or e-mail address, and an existing account is never made the admin. Choose another username and address for the admin.";

export interface AdminForm {
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

/**
 * The operator's admin account at start (DECISIONS 18): created, with the configured password, where
 * no account holds its username or address; left as it is where that very admin already exists;
 * refused otherwise, since whoever signed up first with those might not be the operator.
 */
export class AdminAtStart {
  constructor(
    private readonly users: Users,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
  ) {}

  ensure(form: AdminForm): TE.TaskEither<DomainError, User> {
    return attempt(async () => {
      const username = form.username.trim();
      const email = normalEmail(form.email);
      const problem = firstProblem(usernameMessage(username), emailMessage(email));
      if (problem) return problem;
      const [byName, byEmail] = [await this.users.findByUsername(username), await this.users.findByEmail(email)];
      if (byName || byEmail) {
        const thatAdmin = byName && byEmail && byName.id === byEmail.id && byName.role === 'Admin';
        return thatAdmin ? withoutHash(byName) : conflict(ADMIN_NAME_TAKEN);
      }
      const weak = firstProblem(passwordMessage(form.password));
      if (weak) return weak;
      const admin: User = { id: this.ids.next(), username, email, role: 'Admin' };
      const outcome = await this.users.add({ ...admin, passwordHash: await this.hasher.hash(form.password) });
      return outcome === 'added' ? admin : conflict(ADMIN_NAME_TAKEN);
    });
  }
}
