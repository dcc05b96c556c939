import { router, publicProcedure, authedProcedure, adminProcedure } from '../../trpc/init';
import {
  ListUsersInputSchema,
  RequestPasswordResetInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdateUserInputSchema,
} from '../../../shared/schemas/account';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { nowIso } from '../../db/database';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { mergeGuestCart } from '../cart/cart.service';
import * as service from './account.service';
import * as q from './account.queries';

export const accountRouter = router({
  signUp: publicProcedure.input(SignUpInputSchema).mutation(({ ctx, input }) => service.signUp(ctx.deps, input)),

  signIn: publicProcedure.input(SignInInputSchema).mutation(async ({ ctx, input }) => {
    const userId = await service.verifyCredentials(ctx.deps, { ...input, ip: ctx.ip });
    const { previousGuestId } = await ctx.session.signIn(userId);
    if (previousGuestId) await mergeGuestCart(ctx.deps.db, previousGuestId, userId, nowIso(ctx.deps.clock));
    const user = await q.findUserById(ctx.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    return user;
  }),

  /** "Forgot password": always the same answer, in the same time; emails a single-use link when the account exists. */
  requestPasswordReset: publicProcedure.input(RequestPasswordResetInputSchema).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, { email: input.email, ip: ctx.ip })),

  /** Sets a new password from an emailed link, ends every other session, and signs the user in. */
  resetPassword: publicProcedure.input(ResetPasswordInputSchema).mutation(async ({ ctx, input }) => {
    const userId = await resetPassword(ctx.deps, { token: input.token, password: input.password });
    await ctx.session.signIn(userId);
    const user = await q.findUserById(ctx.deps.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    return user;
  }),

  /** The signed-in user, or null for a visitor (the client asks on every load). */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** The signed-in user; 401 for a visitor (the /api contract's user-details). */
  details: authedProcedure.query(({ ctx }) => ctx.user),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.session.signOut();
    return [] as never[];
  }),

  list: adminProcedure.input(ListUsersInputSchema).query(async ({ ctx, input }) => {
    const limit = input?.limit ?? 100;
    const after = input?.cursor ? afterUser(decodeCursor(input.cursor, 2)) : undefined;
    const users = await q.listUsers(ctx.deps.db, { emailContains: input?.email, limit: limit + 1, after });
    const page = users.slice(0, limit);
    const last = page.at(-1);
    return { items: page, nextCursor: users.length > limit && last ? encodeCursor([last.createdAt, last._id]) : null };
  }),

  /** Every user, newest first (the /api contract's all-user answers the whole list). */
  all: adminProcedure.query(async ({ ctx }) => q.listUsers(ctx.deps.db, { limit: 100_000 })),

  updateRole: adminProcedure.input(UpdateUserInputSchema).mutation(({ ctx, input }) => service.changeRole(ctx.deps, input.userId, input.role, ctx.user._id)),
});

function afterUser([createdAt, id]: (string | number)[]): { createdAt: string; id: string } {
  return { createdAt: String(createdAt), id: String(id) };
}
