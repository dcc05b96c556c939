import { initTRPC } from '@trpc/server';
import { AppError, NOT_SIGNED_IN_MESSAGE } from '../errors';
import type { Context } from './context';
import type { SessionHandle, Shopper } from '../sessions/session';
import { describeError } from './error-shape';
import { requiresAdminTwoFactor } from '../settings/shop-settings';

/**
 * A procedure's declaration that its reply is the same for every caller, and what that reply
 * depends on: `tags(input, result)` names the changes that make it stale (shown-stock.ts).
 * Declared here, acted on in one place only: server/http/shared-replies.ts.
 */
export type SharedReplyMeta = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tags: (input: any, result: any) => readonly string[];
  /**
   * For a reply that also depends on the clock (a delivery date moves on at the dispatch
   * cut-off): the ISO instant after which it must be made again; null or absent: only tags stale it.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  validUntil?: (input: any, result: any) => string | null;
};

export type ProcedureMeta = {
  shared?: SharedReplyMeta;
  /** Open to an admin who must still enrol in two-factor sign-in (the enrolment page's own calls). */
  beforeTwoFactor?: boolean;
};

const t = initTRPC
  .meta<ProcedureMeta>()
  .context<Context>()
  .create({
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

/** What a shared procedure gets instead of the caller's session: using it is a programming error. */
const NO_SESSION: SessionHandle = {
  signIn: () => Promise.reject(new Error('a shared procedure cannot sign in')),
  signOut: () => Promise.reject(new Error('a shared procedure cannot sign out')),
  guestId: () => null,
  ensureGuestId: () => Promise.reject(new Error('a shared procedure has no session')),
};

/**
 * A public query whose reply the HTTP layer may hand to everyone (server/http/shared-replies.ts)
 * until a change stales one of its tags. To keep that true the procedure is not told who is
 * calling: it sees no user and a session that refuses use.
 */
export function sharedProcedure(shared: SharedReplyMeta) {
  return t.procedure.meta({ shared }).use(({ ctx, next }) => next({ ctx: { ...ctx, user: null, auth: null, session: NO_SESSION } }));
}

export const TWO_FACTOR_ENROLMENT_MESSAGE = 'This shop requires two-factor sign-in for admins: turn it on at /account/two-factor first.';

/**
 * The caller must be signed in; `ctx.user` is then non-null. Visitors get 401 'Please Login...!'.
 * An ADMIN without two-factor sign-in, while the owner requires it, gets 403 from everything but
 * the procedures marked `beforeTwoFactor` (enrolment).
 */
export const authedProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  if (!ctx.user) throw new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  if (ctx.user.role === 'ADMIN' && !ctx.auth?.twoFactorEnabled && !meta?.beforeTwoFactor && (await requiresAdminTwoFactor(ctx.deps))) {
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', TWO_FACTOR_ENROLMENT_MESSAGE);
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** ADMIN only: visitors get 401, GENERAL users 403. The role is read from the database on every request. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Permission denied: this needs an admin account.');
  return next({ ctx });
});

/** Signed-in users and visitors alike; a visitor gets an anonymous id in the session cookie that their cart hangs on. */
export const shopperProcedure = t.procedure.use(async ({ ctx, next }) => {
  const shopper: Shopper = ctx.user ? { userId: ctx.user._id } : { guestId: await ctx.session.ensureGuestId() };
  return next({ ctx: { ...ctx, shopper } });
});
