import { router, createCallerFactory } from './trpc/init';
import { accountRouter } from './features/account/account.router';
import { cartRouter } from './features/cart/cart.router';
import { checkoutRouter } from './features/checkout/checkout.router';
import { orderRouter } from './features/order/order.router';
import { adminRouter } from './features/admin/admin.router';
import { catalogRouter } from './features/catalog/catalog.router';
import { settingsRouter } from './features/settings/settings.router';
import { addressRouter } from './features/account/address.router';
import { catalogIoRouter } from './features/catalog-io/catalog-io.router';
import { shippingRouter } from './features/shipping/shipping.router';
import { offersRouter } from './features/offers/offers.router';
import { returnsRouter } from './features/returns/returns.router';

export const appRouter = router({
  account: accountRouter,
  catalog: catalogRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  order: orderRouter,
  admin: adminRouter,
  settings: settingsRouter,
  address: addressRouter,
  catalogIo: catalogIoRouter,
  shipping: shippingRouter,
  offers: offersRouter,
  returns: returnsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (the /api adapter, scripts, tests) go through the same procedures as /trpc. */
export const createCaller = createCallerFactory(appRouter);
export type Api = ReturnType<typeof createCaller>;

/** A procedure of `api` by its dotted path (`catalog.details`): the /api table and the shared-reply cache name them so. */
export function procedureByPath(api: Api, path: string): (input: unknown) => Promise<unknown> {
  let node: unknown = api;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return node as (input: unknown) => Promise<unknown>;
}
