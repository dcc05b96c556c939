import { initTRPC } from '@trpc/server';
import { AppError, NOT_SIGNED_IN_MESSAGE } from '../errors';
import type { Context } from './context';
import { describeError } from './error-shape';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const described = describeError(error);
    return {
      ...shape,
      message: described.message,
      data: { ...shape.data, httpStatus: described.status, appCode: described.appCode, fieldErrors: described.fieldErrors ?? null, stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** The caller must be signed in; `ctx.user` is then non-null. Visitors get 401 'Please Login...!'. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** ADMIN only: visitors get 401, GENERAL users 403. The role is read from the database on every request. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Permission denied: this needs an admin account.');
  return next({ ctx });
});

export type Shopper = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

/** Signed-in users and visitors alike; a visitor gets an anonymous id in the session cookie that their cart hangs on. */
export const shopperProcedure = t.procedure.use(async ({ ctx, next }) => {
  const shopper: Shopper = ctx.user ? { userId: ctx.user._id } : { guestId: await ctx.session.ensureGuestId() };
  return next({ ctx: { ...ctx, shopper } });
});
