import { router, publicProcedure, authedProcedure, adminProcedure } from '../../trpc/init';
import { z } from 'zod';
import {
  ChangePasswordInputSchema,
  ConfirmEmailChangeInputSchema,
  DeleteAccountInputSchema,
  ListUsersInputSchema,
  RequestEmailChangeInputSchema,
  RequestPasswordResetInputSchema,
  ResetLinkInputSchema,
  ResetPasswordInputSchema,
  SessionIdInputSchema,
  SignInWithCodeInputSchema,
  SignUpInputSchema,
  TwoFactorCodeSchema,
  TwoFactorConfirmInputSchema,
  TwoFactorDisableInputSchema,
  UpdateProfileInputSchema,
  UpdateUserInputSchema,
  type Me,
} from '../../../shared/schemas/account';
import * as profile from './profile.service';
import * as twoFactor from './two-factor.service';
import { requiresAdminTwoFactor } from '../../settings/shop-settings';
import { requestPasswordReset, resetLinkStatus, resetPassword } from './password-reset.service';
import { nowIso } from '../../db/database';
import { AppError } from '../../errors';
import { decodeNewestFirst, newestFirstKey, toPage } from '../../lib/cursor';
import { mergeGuestCart } from '../cart/cart.service';
import * as service from './account.service';
import * as q from './account.queries';

export const accountRouter = router({
  signUp: publicProcedure.input(SignUpInputSchema).mutation(({ ctx, input }) => service.signUp(ctx.deps, input)),

  /**
   * Email and password, and for an account with two-factor sign-in on, `code` too: without it
   * the answer is TWO_FACTOR_REQUIRED (401) and no session starts. An admin is emailed about
   * every sign-in.
   */
  signIn: publicProcedure.input(SignInWithCodeInputSchema).mutation(async ({ ctx, input }) => {
    const userId = await service.verifyCredentials(ctx.deps, { email: input.email, password: input.password, ip: ctx.ip });
    if (await twoFactor.hasTwoFactor(ctx.deps.db, userId)) {
      if (!input.code) throw new AppError('TWO_FACTOR_REQUIRED', 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
      await twoFactor.checkSecondFactor(ctx.deps, userId, input.code);
    }
    const user = await q.findUserById(ctx.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    const within =
      user.role === 'ADMIN'
        ? (trx: Parameters<typeof service.noteAdminSignIn>[0], device: { userAgent: string; ip: string }) => service.noteAdminSignIn(trx, ctx.deps, user, device)
        : undefined;
    const { previousGuestId } = await ctx.session.signIn(userId, within ? { within } : {});
    if (previousGuestId) await mergeGuestCart(ctx.deps.db, previousGuestId, userId, nowIso(ctx.deps.clock));
    return user;
  }),

  /** "Forgot password": always the same answer, in the same time; emails a single-use link when the account exists. */
  requestPasswordReset: publicProcedure.input(RequestPasswordResetInputSchema).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, { email: input.email, ip: ctx.ip })),

  /**
   * Sets a new password from an emailed link, ends every session, and signs the user in, unless
   * the account has two-factor sign-in on: a link from the mailbox is one factor, so they then
   * sign in with the new password and a code (`signedIn: false`).
   */
  /** Whether a reset link can still be used, asked by the reset page as it opens (never kept by a cache: the answer changes once it is used). */
  resetLinkStatus: publicProcedure.input(ResetLinkInputSchema).query(({ ctx, input }) => resetLinkStatus(ctx.deps, input.token)),

  resetPassword: publicProcedure.input(ResetPasswordInputSchema).mutation(async ({ ctx, input }) => {
    const userId = await resetPassword(ctx.deps, { token: input.token, password: input.password });
    const user = await q.findUserById(ctx.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    if (await twoFactor.hasTwoFactor(ctx.deps.db, userId)) return { ...user, signedIn: false };
    const within =
      user.role === 'ADMIN'
        ? (trx: Parameters<typeof service.noteAdminSignIn>[0], device: { userAgent: string; ip: string }) => service.noteAdminSignIn(trx, ctx.deps, user, device)
        : undefined;
    await ctx.session.signIn(userId, within ? { within } : {});
    return { ...user, signedIn: true };
  }),

  /**
   * The signed-in user, or null for a visitor (the client asks on every load), with whether
   * two-factor sign-in is on and whether this admin must turn it on before anything else.
   */
  me: publicProcedure.query(async ({ ctx }): Promise<Me | null> => {
    if (!ctx.user) return null;
    const twoFactorEnabled = ctx.auth?.twoFactorEnabled ?? false;
    const mustEnrolTwoFactor = ctx.user.role === 'ADMIN' && !twoFactorEnabled && (await requiresAdminTwoFactor(ctx.deps));
    return { ...ctx.user, twoFactorEnabled, mustEnrolTwoFactor };
  }),

  /** The signed-in user; 401 for a visitor (the /api contract's user-details). */
  details: authedProcedure.query(({ ctx }) => ctx.user),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.session.signOut();
    return [] as never[];
  }),

  list: adminProcedure.input(ListUsersInputSchema).query(async ({ ctx, input }) => {
    const limit = input?.limit ?? 100;
    const users = await q.listUsers(ctx.deps.db, { emailContains: input?.email, limit: limit + 1, after: decodeNewestFirst(input?.cursor) });
    return toPage(users, limit, newestFirstKey);
  }),

  /** Every user, newest first (the /api contract's all-user answers the whole list). */
  all: adminProcedure.query(async ({ ctx }) => q.listUsers(ctx.deps.db, { limit: 100_000 })),

  updateRole: adminProcedure.input(UpdateUserInputSchema).mutation(({ ctx, input }) => service.changeRole(ctx.deps, input.userId, input.role, ctx.user._id)),

  // ---- The account page ----

  updateProfile: authedProcedure.input(UpdateProfileInputSchema).mutation(({ ctx, input }) => profile.updateProfile(ctx.deps, ctx.user._id, input)),

  /** Needs the current password; ends every other session. */
  changePassword: authedProcedure
    .input(ChangePasswordInputSchema)
    .mutation(({ ctx, input }) =>
      profile.changePassword(ctx.deps, { userId: ctx.user._id, sessionId: sessionIdOf(ctx.auth), currentPassword: input.currentPassword, password: input.password, ip: ctx.ip }),
    ),

  /** Emails a confirmation link to the new address; the email changes when it is opened. */
  requestEmailChange: authedProcedure.input(RequestEmailChangeInputSchema).mutation(({ ctx, input }) => profile.requestEmailChange(ctx.deps, ctx.user, { ...input, ip: ctx.ip })),

  /** The link from that email (works signed in or not); the old address is told. */
  confirmEmailChange: publicProcedure.input(ConfirmEmailChangeInputSchema).mutation(({ ctx, input }) => profile.confirmEmailChange(ctx.deps, input.token)),

  /** Signed-in devices, the current one first. */
  sessions: authedProcedure.query(({ ctx }) => profile.listSessions(ctx.deps, ctx.user._id, sessionIdOf(ctx.auth))),

  endSession: authedProcedure.input(SessionIdInputSchema).mutation(({ ctx, input }) => profile.endSession(ctx.deps, ctx.user._id, sessionIdOf(ctx.auth), input.id)),

  endOtherSessions: authedProcedure.mutation(({ ctx }) => profile.endOtherSessions(ctx.deps, ctx.user._id, sessionIdOf(ctx.auth))),

  /** "Download my data": profile, addresses, orders and devices (GET /account/my-data.json serves it as a file). */
  exportData: authedProcedure.query(({ ctx }) => profile.exportData(ctx.deps, ctx.user._id)),

  /** Deletes the account (orders stay for the tax records) and signs out. */
  deleteAccount: authedProcedure.input(DeleteAccountInputSchema).mutation(async ({ ctx, input }) => {
    const result = await profile.deleteAccount(ctx.deps, ctx.user, { currentPassword: input.currentPassword, ip: ctx.ip });
    await ctx.session.signOut();
    return result;
  }),

  // ---- Two-factor sign-in (open to an admin who must enrol: `beforeTwoFactor`) ----

  twoFactor: router({
    status: authedProcedure.meta({ beforeTwoFactor: true }).query(({ ctx }) => twoFactor.twoFactorStatus(ctx.deps, ctx.user)),
    /** A new secret and its QR code; in force once confirmed. */
    begin: authedProcedure.meta({ beforeTwoFactor: true }).mutation(({ ctx }) => twoFactor.beginEnrolment(ctx.deps, ctx.user)),
    /** A code from the app turns it on; the ten recovery codes come back, once. */
    confirm: authedProcedure
      .meta({ beforeTwoFactor: true })
      .input(TwoFactorConfirmInputSchema)
      .mutation(({ ctx, input }) => twoFactor.confirmEnrolment(ctx.deps, ctx.user._id, input.code)),
    disable: authedProcedure.input(TwoFactorDisableInputSchema).mutation(({ ctx, input }) => twoFactor.disableTwoFactor(ctx.deps, ctx.user, { ...input, ip: ctx.ip })),
    regenerateRecoveryCodes: authedProcedure
      .input(z.object({ code: TwoFactorCodeSchema }))
      .mutation(({ ctx, input }) => twoFactor.regenerateRecoveryCodes(ctx.deps, ctx.user._id, input.code)),
  }),
});

/** The caller's session id (authed procedures always have one). */
function sessionIdOf(auth: { sessionId: string } | null): string {
  if (!auth) throw new AppError('NOT_SIGNED_IN', 'Please Login...!');
  return auth.sessionId;
}
