import { newId } from '../../db/database';
import { transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { authedProcedure, router } from '../../trpc/init';
import { AddressIdInputSchema, AddressInputSchema, MAX_ADDRESSES, UpdateAddressInputSchema, type SavedAddress } from '../../../shared/schemas/settings';
import * as q from './address.queries';

const notFound = () => new AppError('NOT_FOUND', 'Address not found');

/** A signed-in shopper's saved delivery addresses; every procedure sees only the caller's own. */
export const addressRouter = router({
  list: authedProcedure.query(({ ctx }) => q.listAddresses(ctx.deps.db, ctx.user._id)),

  create: authedProcedure.input(AddressInputSchema).mutation(async ({ ctx, input }): Promise<SavedAddress> => {
    const id = newId();
    const now = ctx.deps.clock().toISOString();
    await transaction(
      ctx.deps.db,
      async (trx) => {
        if ((await q.countAddresses(trx, ctx.user._id)) >= MAX_ADDRESSES) {
          throw new AppError('BAD_INPUT', `You can keep at most ${MAX_ADDRESSES} addresses: delete one you no longer use first.`);
        }
        await q.insertAddress(trx, ctx.user._id, id, input, now);
      },
      { locks: [`user:${ctx.user._id}`] },
    );
    const saved = await q.findAddress(ctx.deps.db, ctx.user._id, id);
    if (!saved) throw notFound();
    return saved;
  }),

  update: authedProcedure.input(UpdateAddressInputSchema).mutation(async ({ ctx, input }): Promise<SavedAddress> => {
    const { addressId, ...address } = input;
    if (!(await q.updateAddress(ctx.deps.db, ctx.user._id, addressId, address, ctx.deps.clock().toISOString()))) throw notFound();
    const saved = await q.findAddress(ctx.deps.db, ctx.user._id, addressId);
    if (!saved) throw notFound();
    return saved;
  }),

  remove: authedProcedure.input(AddressIdInputSchema).mutation(async ({ ctx, input }) => {
    if (!(await q.deleteAddress(ctx.deps.db, ctx.user._id, input.addressId))) throw notFound();
    return { removed: input.addressId };
  }),
});
