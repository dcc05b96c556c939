import type { Request } from 'express';
import type { Api } from '../trpc/app-router';
import type { AddCartItemResult, CartLine } from '../../shared/schemas/cart';
import type { Order, StartCheckoutResult } from '../../shared/schemas/order';
import type { Product, ProductPage } from '../../shared/schemas/catalog';
import { apiCartLine, apiOrder, apiProduct, apiProducts, productInputFromApi } from './api-shapes';

/**
 * THE table of the legacy /api paths (spec §7, ../shared/api-contract.md). Each row names the
 * procedure that implements the path, picks its input out of the request and, where the
 * contract wants another shape or unit, reshapes the output. A row never validates, queries,
 * checks roles or computes: the procedure does all of that, for /trpc and /api alike.
 */
export type LegacyRoute = {
  method: 'get' | 'post';
  path: `/api/${string}`;
  /** The contract's success message. */
  message: string;
  /** Success status (default 200). */
  status?: number;
  /** `data` in a failure reply: `[]` where success holds a list, `null` where it holds one object. */
  empty: 'list' | 'object';
  call: (api: Api, req: Request) => Promise<unknown>;
  /** Reshapes the procedure's result into the contract's `data` (default: as is). */
  data?: (result: never) => unknown;
  /** Extra top-level fields of the success reply (checkout's `id` and `url`). */
  extra?: (result: never) => Record<string, unknown>;
  /**
   * The reply may come from the response cache. Only honoured when the procedure is a shared
   * one (sharedProcedure), which does not see who is asking.
   */
  shared?: true;
};

const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

export const legacyRoutes: LegacyRoute[] = [
  // ---- ACCOUNT ----
  { method: 'post', path: '/api/signup', message: 'User created Successfully!', status: 201, empty: 'object', call: (api, req) => api.account.signUp(body(req) as never) },
  { method: 'post', path: '/api/signin', message: 'Login successfully', empty: 'object', call: (api, req) => api.account.signIn(body(req) as never) },
  { method: 'get', path: '/api/user-details', message: 'User details', empty: 'object', call: (api) => api.account.details() },
  { method: 'get', path: '/api/userLogout', message: 'Logged out successfully', empty: 'list', call: (api) => api.account.logout() },
  { method: 'get', path: '/api/all-user', message: 'All User', empty: 'list', call: (api) => api.account.all() },
  { method: 'post', path: '/api/update-user', message: 'User Updated', empty: 'object', call: (api, req) => api.account.updateRole(body(req) as never) },

  // ---- CATALOG ----
  // The old API has no paging: list paths answer one capped page (get-product up to
  // LEGACY_LIST_CAP newest products, the others up to 100), prices converted to rupees.
  {
    method: 'post',
    path: '/api/upload-product',
    message: 'Product upload successfully',
    status: 201,
    empty: 'object',
    call: (api, req) => api.catalog.create(productInputFromApi(body(req)) as never),
    data: (p: Product) => apiProduct(p),
  },
  {
    method: 'post',
    path: '/api/update-product',
    message: 'Product update successfully',
    empty: 'object',
    call: (api, req) => api.catalog.update(productInputFromApi(body(req)) as never),
    data: (p: Product) => apiProduct(p),
  },
  {
    method: 'post',
    path: '/api/delete-product',
    message: 'Product deleted successfully',
    empty: 'object',
    call: (api, req) => api.catalog.archive({ productId: body(req)._id as never }),
  },
  { method: 'get', path: '/api/get-product', shared: true, message: 'All Product', empty: 'list', call: (api) => api.catalog.all(), data: (list: Product[]) => apiProducts(list) },
  {
    method: 'get',
    path: '/api/get-categoryProduct',
    shared: true,
    message: 'category product',
    empty: 'list',
    call: (api) => api.catalog.categoryBubbles(),
    data: (list: Product[]) => apiProducts(list),
  },
  {
    method: 'post',
    path: '/api/category-product',
    shared: true,
    message: 'Product',
    empty: 'list',
    call: (api, req) => api.catalog.byCategory({ category: body(req).category as never, limit: 100 }),
    data: (page: ProductPage) => apiProducts(page.items),
  },
  {
    method: 'post',
    path: '/api/product-details',
    shared: true,
    message: 'Ok',
    empty: 'object',
    call: (api, req) => api.catalog.details({ productId: body(req).productId as never }),
    data: (p: Product) => apiProduct(p),
  },
  {
    method: 'post',
    path: '/api/filter-product',
    shared: true,
    message: 'product',
    empty: 'list',
    call: (api, req) => api.catalog.filter({ categories: body(req).category as never, limit: 100 }),
    data: (page: ProductPage) => apiProducts(page.items),
  },
  {
    method: 'get',
    path: '/api/search',
    shared: true,
    message: 'Search Product list',
    empty: 'list',
    call: (api, req) => api.catalog.search({ q: req.query.q as never, limit: 100 }),
    data: (page: ProductPage) => apiProducts(page.items),
  },

  // ---- CART, CHECKOUT, ORDERS ----
  {
    method: 'post',
    path: '/api/addtocart',
    message: 'Product Added in Cart',
    empty: 'object',
    call: (api, req) => api.cart.addItem(body(req) as never),
    data: (r: AddCartItemResult) => apiCartLine(r.line),
    extra: (r: AddCartItemResult) => ({ alreadyInCart: r.alreadyInCart }),
  },
  { method: 'get', path: '/api/countAddToCartProduct', message: 'ok', empty: 'object', call: (api) => api.cart.count() },
  { method: 'get', path: '/api/view-card-product', message: 'ok', empty: 'list', call: (api) => api.cart.list(), data: (lines: CartLine[]) => lines.map(apiCartLine) },
  { method: 'post', path: '/api/update-cart-product', message: 'Product Updated', empty: 'object', call: (api, req) => api.cart.updateQuantity(body(req) as never), data: (line: CartLine) => apiCartLine(line) },
  { method: 'post', path: '/api/delete-cart-product', message: 'Product Deleted From Cart', empty: 'object', call: (api, req) => api.cart.removeItem(body(req) as never) },
  {
    method: 'post',
    path: '/api/checkout',
    message: 'ok',
    empty: 'object',
    call: (api, req) => api.checkout.start(body(req)),
    data: (r: StartCheckoutResult) => r.orderId,
    extra: (r: StartCheckoutResult) => ({ id: r.sessionId, url: r.url }),
  },
  { method: 'get', path: '/api/order-list', message: 'Order list', empty: 'list', call: (api) => api.order.list(), data: (list: Order[]) => list.map(apiOrder) },
  { method: 'get', path: '/api/all-order', message: 'All orders', empty: 'list', call: (api) => api.order.all(), data: (list: Order[]) => list.map(apiOrder) },
];
