import * as TE from 'fp-ts/TaskEither';
import { DomainError, invalid, rateLimited } from '../../shared/errors';
import { Clock } from '../../shared/ids';
import { attempt } from '../../shared/task';
import {
  PASSWORD_RESET_DONE,
  RESET_EMAIL_REQUIRED,
  RESET_LIFETIME_MS,
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  RESET_POLICY,
  resetRequestRules,
  resetTryRule,
  tooManyResetRequests,
  tooManyResetTries,
} from '../domain/password-reset';
import { passwordMessage } from '../domain/password-policy';
import { firstProblem } from '../domain/problems';
import { ResetContact, resetLetterOf, resetLettersOf } from '../domain/reset-letter';
import { Language } from '../../shared/language';
import { ALL_FIELDS, PASSWORDS_DIFFER, emailMessage, normalEmail } from '../domain/user';
import { PasswordHasher, SignInThrottle } from '../ports';
import { PasswordResets, ResetTokens } from '../ports/password-resets';

/** Longer than any token the store issues; a longer one is not looked up. */
const TOKEN_MAX = 200;

/**
 * A forgotten password: a link e-mailed to the account's address, then a new password through it.
 * The request answers the same, and does the same work, whether or not the address has an
 * account; the reset starts no session (the shopper signs in with the new password).
 */
export class PasswordReset {
  constructor(
    private readonly resets: PasswordResets,
    private readonly tokens: ResetTokens,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly clock: Clock,
    private readonly contact: ResetContact,
  ) {}

  /**
   * Answers the neutral message, or why the request was refused (no address, too many). The letter
   * speaks the account's chosen language, or where its owner chose none, the request's `language`.
   */
  request(typedEmail: string, browserAddress: string, language: Language): TE.TaskEither<DomainError, string> {
    return attempt(async () => {
      if (!typedEmail.trim()) return invalid(RESET_EMAIL_REQUIRED);
      const email = normalEmail(typedEmail);
      const problem = firstProblem(emailMessage(email));
      if (problem) return problem;
      const wait = await this.throttle.consume(resetRequestRules(email, browserAddress), RESET_POLICY.windowSeconds);
      if (wait > 0) return rateLimited(tooManyResetRequests(wait));
      const { token, hash } = this.tokens.issue();
      const issuedAt = this.clock.now();
      await this.resets.request({
        email,
        tokenHash: hash,
        issuedAt,
        expiresAt: new Date(issuedAt.getTime() + RESET_LIFETIME_MS),
        mail: resetLetterOf(email, token, this.contact, language),
        inOwnLanguage: resetLettersOf(email, token, this.contact),
      });
      return RESET_LINK_SENT;
    });
  }

  /** Sets the new password through a link, once; every session of the account ends. */
  reset(token: string, newPassword: string, repeatPassword: string, browserAddress: string): TE.TaskEither<DomainError, string> {
    return attempt(async () => {
      const problem =
        firstProblem(!newPassword || !repeatPassword ? ALL_FIELDS : undefined) ??
        firstProblem(newPassword !== repeatPassword ? PASSWORDS_DIFFER : undefined) ??
        firstProblem(passwordMessage(newPassword));
      if (problem) return problem;
      if (!token || token.length > TOKEN_MAX) return invalid(RESET_LINK_INVALID);
      const wait = await this.throttle.consume([resetTryRule(browserAddress)], RESET_POLICY.windowSeconds);
      if (wait > 0) return rateLimited(tooManyResetTries(wait));
      const passwordHash = await this.hasher.hash(newPassword);
      const user = await this.resets.redeem(this.tokens.hashOf(token), passwordHash, this.clock.now());
      return user ? PASSWORD_RESET_DONE : invalid(RESET_LINK_INVALID);
    });
  }
}
