import { Context } from 'koa';
import * as TE from 'fp-ts/TaskEither';
import { pipe } from 'fp-ts/function';
import { z } from 'zod';
import { GuestLibraryAccess } from '../../../core/ordering/use-cases/guest-library';
import { SignedIn } from '../../../core/identity/use-cases/start-session';
import { DomainError } from '../../../core/shared/errors';
import { attachProvenOrders } from './guest';
import { Profile } from '../../../core/identity/use-cases/profile';
import { SignIn } from '../../../core/identity/use-cases/sign-in';
import { SignUp } from '../../../core/identity/use-cases/sign-up';
import { PasswordReset } from '../../../core/identity/use-cases/password-reset';
import { Browser } from '../../../core/identity/use-cases/start-session';
import { respond } from '../respond';
import { On } from '../calls';
import { networkOf } from '../address-limits';
import { requestLanguage } from '../request-language';
import { clearSessionCookie, currentUser, sessionToken, setSessionCookie } from '../session';
import {
  languageChosenAnswer,
  notSignedInAnswer,
  passwordChangedAnswer,
  passwordResetAnswer,
  renamedAnswer,
  resetRequestedAnswer,
  sessionUserAnswer,
  signedInAnswer,
  signedInNameAnswer,
  signedOutAnswer,
} from '../../../api/accounts';

export interface AccountUseCases {
  readonly signUp: SignUp;
  readonly signIn: SignIn;
  readonly profile: Profile;
  readonly passwordReset: PasswordReset;
  /** Attaches a guest's orders to the account that signs in holding their library (DECISIONS 25). */
  readonly guestLibrary: GuestLibraryAccess;
}

const NOT_SIGNED_IN: z.infer<typeof notSignedInAnswer> = { success: false };
const notSignedIn = (ctx: Context) => {
  ctx.body = NOT_SIGNED_IN;
};

const browser = (ctx: Context): Browser => ({ session: sessionToken(ctx), address: networkOf(ctx) });

/** Session and account calls (spec 7); each use case checks its own rights and ends the browser's former session. */
export const accountRoutes = (on: On, { signUp, signIn, profile, passwordReset, guestLibrary }: AccountUseCases) => {
  const attaching = (ctx: Context) => TE.chainFirst((signedIn: SignedIn) => TE.fromTask<void, DomainError>(() => attachProvenOrders(ctx, guestLibrary, signedIn.user)));

  on('signUp', async (ctx, { body }) => {
    await respond(ctx, pipe(signUp.signUp(body, browser(ctx)), attaching(ctx)), signedInAnswer, ({ user, token, expiresAt }) => {
      setSessionCookie(ctx, token, expiresAt);
      ctx.status = 201;
      return { message: 'Account created successfully! Welcome!', username: user.username };
    });
  });

  on('signIn', async (ctx, { body }) => {
    await respond(ctx, pipe(signIn.signIn(body.username, body.password, browser(ctx)), attaching(ctx)), signedInAnswer, ({ user, token, expiresAt }) => {
      setSessionCookie(ctx, token, expiresAt);
      return { message: 'Signed in successfully', username: user.username };
    });
  });

  on('signOut', async (ctx) => {
    await respond(ctx, signIn.signOut(sessionToken(ctx)), signedOutAnswer, () => {
      clearSessionCookie(ctx);
      return {};
    });
  });

  // "Am I signed in?": no is an answer (api/accounts.ts), so only a signed-in visitor reaches the use case.
  on('isLogged', async (ctx) => {
    const user = await currentUser(ctx);
    if (!user) return notSignedIn(ctx);
    await respond(ctx, profile.show(user), signedInNameAnswer, ({ username }) => ({ username }));
  });

  on('sessionCheck', async (ctx) => {
    const user = await currentUser(ctx);
    if (!user) return notSignedIn(ctx);
    await respond(ctx, profile.show(user), sessionUserAnswer, ({ username, email, role }) => ({
      UserCheck: { username, email, role },
    }));
  });

  on('rename', async (ctx, { body }) => {
    await respond(ctx, profile.changeUsername(await currentUser(ctx), body.newUsername), renamedAnswer, (user) => ({
      message: 'Username updated successfully!',
      username: user.username,
    }));
  });

  on('chooseLanguage', async (ctx, { body }) => {
    await respond(ctx, profile.chooseLanguage(await currentUser(ctx), body.language), languageChosenAnswer, (language) => ({ language }));
  });

  on('changePassword', async (ctx, { body }) => {
    await respond(ctx, profile.changePassword(await currentUser(ctx), sessionToken(ctx), body.newPassword), passwordChangedAnswer, () => ({
      message: 'Password updated successfully!',
    }));
  });

  // Under /api already (DECISIONS 1): the prefix is kept once. The link's token is in the path.
  on('forgotPassword', async (ctx, { body }) => {
    await respond(ctx, passwordReset.request(body.resetEmail, networkOf(ctx), requestLanguage(ctx)), resetRequestedAnswer, (message) => ({ message }));
  });

  on('resetPassword', async (ctx, { body }) => {
    await respond(ctx, passwordReset.reset(ctx.params.token, body.newPassword, body.repeatPassword, networkOf(ctx)), passwordResetAnswer, (message) => ({
      message,
    }));
  });
};
