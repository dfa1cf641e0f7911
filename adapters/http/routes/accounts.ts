import Router from '@koa/router';
import { Context } from 'koa';
import { z } from 'zod';
import { ALL_FIELDS } from '../../../core/identity/domain/user';
import { Profile } from '../../../core/identity/use-cases/profile';
import { SignIn } from '../../../core/identity/use-cases/sign-in';
import { SignUp } from '../../../core/identity/use-cases/sign-up';
import { PasswordReset } from '../../../core/identity/use-cases/password-reset';
import { RESET_EMAIL_REQUIRED } from '../../../core/identity/domain/password-reset';
import { Browser } from '../../../core/identity/use-cases/start-session';
import { parse, respond } from '../respond';
import { clearSessionCookie, currentUser, sessionToken, setSessionCookie } from '../session';
import { textField } from '../text-field';
import {
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

/** Any text field: missing means the form was not filled. */
const text = (name: string) => textField(name, { missing: ALL_FIELDS });

// Not strict: the original's forms send extra fields (email, repeatpassword on login); fields a
// client has no right to set (role, _id) are dropped here and never reach the core.
const signUpBody = z.object({
  username: text('username'),
  email: text('email'),
  password: text('password'),
  repeatpassword: text('repeatpassword').optional(),
});
const loginBody = z.object({ username: text('username'), password: text('password') });
const usernameBody = z.object({ newUsername: text('newUsername') });
const passwordBody = z.object({
  newPassword: z.object(
    // oldpassword is empty or absent when an account without a password sets one (the core decides).
    { oldpassword: text('oldpassword').optional(), newpassword: text('newpassword'), repeatpassword: text('repeatpassword') },
    { error: ALL_FIELDS },
  ),
});

const forgotBody = z.object({ resetEmail: textField('resetEmail', { missing: RESET_EMAIL_REQUIRED }) });
const resetBody = z.object({ newPassword: text('newPassword'), repeatPassword: text('repeatPassword') });

export interface AccountUseCases {
  readonly signUp: SignUp;
  readonly signIn: SignIn;
  readonly profile: Profile;
  readonly passwordReset: PasswordReset;
}

const NOT_SIGNED_IN: z.infer<typeof notSignedInAnswer> = { success: false };
const notSignedIn = (ctx: Context) => {
  ctx.body = NOT_SIGNED_IN;
};

const browser = (ctx: Context): Browser => ({ session: sessionToken(ctx), address: ctx.ip });

/** Session and account calls (spec 7); each use case checks its own rights and ends the browser's former session. */
export const accountRoutes = (router: Router, { signUp, signIn, profile, passwordReset }: AccountUseCases) => {
  router.post('/user/signup', async (ctx) => {
    const body = parse(ctx, signUpBody, ctx.request.body);
    if (body)
      await respond(ctx, signUp.signUp(body, browser(ctx)), signedInAnswer, ({ user, token, expiresAt }) => {
        setSessionCookie(ctx, token, expiresAt);
        ctx.status = 201;
        return { message: 'Account created successfully! Welcome!', username: user.username };
      });
  });

  router.post('/user/login', async (ctx) => {
    const body = parse(ctx, loginBody, ctx.request.body);
    if (body)
      await respond(ctx, signIn.signIn(body.username, body.password, browser(ctx)), signedInAnswer, ({ user, token, expiresAt }) => {
        setSessionCookie(ctx, token, expiresAt);
        return { message: 'Signed in successfully', username: user.username };
      });
  });

  router.post('/user/signout', async (ctx) => {
    await respond(ctx, signIn.signOut(sessionToken(ctx)), signedOutAnswer, () => {
      clearSessionCookie(ctx);
      return {};
    });
  });

  // "Am I signed in?": no is an answer (api/accounts.ts), so only a signed-in visitor reaches the use case.
  router.get('/user/islogged', async (ctx) => {
    const user = await currentUser(ctx);
    if (!user) return notSignedIn(ctx);
    await respond(ctx, profile.show(user), signedInNameAnswer, ({ username }) => ({ username }));
  });

  router.get('/user/islogged2', async (ctx) => {
    const user = await currentUser(ctx);
    if (!user) return notSignedIn(ctx);
    await respond(ctx, profile.show(user), sessionUserAnswer, ({ username, email, role }) => ({
      UserCheck: { username, email, role },
    }));
  });

  router.post('/user/usernamechange', async (ctx) => {
    const body = parse(ctx, usernameBody, ctx.request.body);
    if (body)
      await respond(ctx, profile.changeUsername(await currentUser(ctx), body.newUsername), renamedAnswer, (user) => ({
        message: 'Username updated successfully!',
        username: user.username,
      }));
  });

  router.post('/user/passwordChange', async (ctx) => {
    const user = await currentUser(ctx);
    const body = parse(ctx, passwordBody, ctx.request.body);
    if (body)
      await respond(ctx, profile.changePassword(user, sessionToken(ctx), body.newPassword), passwordChangedAnswer, () => ({
        message: 'Password updated successfully!',
      }));
  });

  // Under /api already (DECISIONS 1): the prefix is kept once. The link's token is in the path.
  router.post('/user/forgot-password', async (ctx) => {
    const body = parse(ctx, forgotBody, ctx.request.body);
    if (body) await respond(ctx, passwordReset.request(body.resetEmail, ctx.ip), resetRequestedAnswer, (message) => ({ message }));
  });

  router.post('/user/forgot-password/:token', async (ctx) => {
    const body = parse(ctx, resetBody, ctx.request.body);
    if (body)
      await respond(ctx, passwordReset.reset(ctx.params.token, body.newPassword, body.repeatPassword, ctx.ip), passwordResetAnswer, (message) => ({
        message,
      }));
  });
};
