import Router from '@koa/router';
import { z } from 'zod';
import { ALL_FIELDS } from '../../../core/identity/domain/user';
import { Accounts } from '../../../core/identity/use-cases/accounts';
import { fail, parse, respond } from '../respond';
import { clearSessionCookie, currentUser, sessionToken, setSessionCookie } from '../session';
import {
  isLoggedAnswer,
  passwordChangedAnswer,
  profileAnswer,
  renamedAnswer,
  sessionCheckAnswer,
  signedInAnswer,
  signedOutAnswer,
} from '../../../api/accounts';

/** Any text field: missing means the form was not filled; over `max` characters is refused here. */
const text = (name: string, max = 1000) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? ALL_FIELDS : `${name} must be text`) })
    .max(max, `${name} is too long`);

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
    { oldpassword: text('oldpassword'), newpassword: text('newpassword'), repeatpassword: text('repeatpassword') },
    { error: ALL_FIELDS },
  ),
});

export const RESET_UNAVAILABLE = 'Password reset e-mails are not available yet. Please contact our support team.';

/** Session and account calls (spec 7); each use case checks its own rights. */
export const accountRoutes = (router: Router, accounts: Accounts) => {
  router.post('/user/signup', async (ctx) => {
    const body = parse(ctx, signUpBody, ctx.request.body);
    if (!body) return;
    const previous = sessionToken(ctx);
    await respond(ctx, accounts.signUp(body), signedInAnswer, ({ user, token }) => {
      setSessionCookie(ctx, token);
      ctx.status = 201;
      return { message: 'Account created successfully! Welcome!', username: user.username };
    });
    if (ctx.status === 201 && previous) await accounts.signOut(previous)();
  });

  router.post('/user/login', async (ctx) => {
    const body = parse(ctx, loginBody, ctx.request.body);
    if (!body) return;
    const previous = sessionToken(ctx);
    await respond(ctx, accounts.signIn(body.username, body.password, ctx.ip), signedInAnswer, ({ user, token }) => {
      // A new session at every sign-in: a session id planted before it opens nothing.
      setSessionCookie(ctx, token);
      return { message: 'Signed in successfully', username: user.username };
    });
    if (ctx.status === 200 && previous) await accounts.signOut(previous)();
  });

  router.post('/user/signout', async (ctx) => {
    await respond(ctx, accounts.signOut(sessionToken(ctx)), signedOutAnswer, () => {
      clearSessionCookie(ctx);
      return {};
    });
  });

  router.get('/user/islogged', async (ctx) => {
    await respond(ctx, accounts.profile(await currentUser(ctx)), isLoggedAnswer, (user) => ({ username: user.username }));
  });

  router.get('/user/islogged2', async (ctx) => {
    await respond(ctx, accounts.profile(await currentUser(ctx)), sessionCheckAnswer, ({ username, email, role }) => ({
      UserCheck: { username, email, role },
    }));
  });

  router.get('/user/profiledata', async (ctx) => {
    // Orders arrive with the payment issue; until then an account has none.
    await respond(ctx, accounts.profile(await currentUser(ctx)), profileAnswer, ({ username, email }) => ({
      userData: { username, email, orders: [] },
    }));
  });

  router.post('/user/usernamechange', async (ctx) => {
    const body = parse(ctx, usernameBody, ctx.request.body);
    if (body)
      await respond(ctx, accounts.changeUsername(await currentUser(ctx), body.newUsername), renamedAnswer, (user) => ({
        message: 'Username updated successfully!',
        username: user.username,
      }));
  });

  router.post('/user/passwordChange', async (ctx) => {
    const user = await currentUser(ctx);
    const body = parse(ctx, passwordBody, ctx.request.body);
    if (body)
      await respond(ctx, accounts.changePassword(user, sessionToken(ctx) ?? '', body.newPassword), passwordChangedAnswer, () => ({
        message: 'Password updated successfully!',
      }));
  });

  router.post('/user/forgot-password', (ctx) => fail(ctx, 501, RESET_UNAVAILABLE));
  router.get('/auth/google', (ctx) => ctx.redirect('/user/login?google=unavailable'));
};
