import type { Request } from 'express';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { AppRouter } from '../../app-router';
import type { AddCartItemResult, CartLine } from '../../../shared/schemas/cart';
import type { Order, StartCheckoutResult } from '../../../shared/schemas/order';
import type { Product, ProductPage } from '../../../shared/schemas/catalog';
import { apiCartLine, apiOrder, apiProduct, apiProducts, productInputFromApi } from './api-shapes';

type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

/** Every procedure's path (`catalog.details`, ...). */
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

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
  procedure: ProcedurePath;
  /** The procedure's input, picked out of the request (the procedure validates it). */
  input?: (req: Request) => unknown;
  /** Reshapes the procedure's result into the contract's `data` (default: as is). */
  data?: (result: never) => unknown;
  /** Extra top-level fields of the success reply (checkout's `id` and `url`). */
  extra?: (result: never) => Record<string, unknown>;
};

const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

export const legacyRoutes: LegacyRoute[] = [
  // ---- ACCOUNT ----
  { method: 'post', path: '/api/signup', message: 'User created Successfully!', status: 201, empty: 'object', procedure: 'account.signUp', input: (req) => body(req) },
  { method: 'post', path: '/api/signin', message: 'Login successfully', empty: 'object', procedure: 'account.signIn', input: (req) => body(req) },
  { method: 'get', path: '/api/user-details', message: 'User details', empty: 'object', procedure: 'account.details' },
  { method: 'get', path: '/api/userLogout', message: 'Logged out successfully', empty: 'list', procedure: 'account.logout' },
  { method: 'get', path: '/api/all-user', message: 'All User', empty: 'list', procedure: 'account.all' },
  { method: 'post', path: '/api/update-user', message: 'User Updated', empty: 'object', procedure: 'account.updateRole', input: (req) => body(req) },

  // ---- CATALOG ----
  // The old API has no paging: list paths answer one capped page (get-product up to
  // LEGACY_LIST_CAP newest products, the others up to 100), prices converted to rupees.
  {
    method: 'post',
    path: '/api/upload-product',
    message: 'Product upload successfully',
    status: 201,
    empty: 'object',
    procedure: 'catalog.create',
    input: (req) => productInputFromApi(body(req)),
    data: (p: Product) => apiProduct(p),
  },
  {
    method: 'post',
    path: '/api/update-product',
    message: 'Product update successfully',
    empty: 'object',
    procedure: 'catalog.update',
    input: (req) => productInputFromApi(body(req)),
    data: (p: Product) => apiProduct(p),
  },
  {
    method: 'post',
    path: '/api/delete-product',
    message: 'Product deleted successfully',
    empty: 'object',
    procedure: 'catalog.archive',
    input: (req) => ({ productId: body(req)._id }),
  },
  // Not in the spec: undoes delete-product (which archives), for clients of the old API.
  {
    method: 'post',
    path: '/api/restore-product',
    message: 'Product restored successfully',
    empty: 'object',
    procedure: 'catalog.restore',
    input: (req) => ({ productId: body(req)._id }),
  },
  { method: 'get', path: '/api/get-product', message: 'All Product', empty: 'list', procedure: 'catalog.all', data: (list: Product[]) => apiProducts(list) },
  {
    method: 'get',
    path: '/api/get-categoryProduct',
    message: 'category product',
    empty: 'list',
    procedure: 'catalog.categoryBubbles',
    data: (list: Product[]) => apiProducts(list),
  },
  {
    method: 'post',
    path: '/api/category-product',
    message: 'Product',
    empty: 'list',
    procedure: 'catalog.byCategory',
    input: (req) => ({ category: body(req).category, limit: 100 }),
    data: (page: ProductPage) => apiProducts(page.items),
  },
  {
    method: 'post',
    path: '/api/product-details',
    message: 'Ok',
    empty: 'object',
    procedure: 'catalog.details',
    input: (req) => ({ productId: body(req).productId }),
    data: (p: Product) => apiProduct(p),
  },
  {
    method: 'post',
    path: '/api/filter-product',
    message: 'product',
    empty: 'list',
    procedure: 'catalog.filter',
    input: (req) => ({ categories: body(req).category, limit: 100 }),
    data: (page: ProductPage) => apiProducts(page.items),
  },
  {
    method: 'get',
    path: '/api/search',
    message: 'Search Product list',
    empty: 'list',
    procedure: 'catalog.search',
    // The page's own query string: ?sort=asc|dsc|newest orders the results as the search page does
    // (relevance without, or with an empty sort=, as a form's default radio sends it).
    input: (req) => ({ q: req.query.q, sort: req.query.sort === '' ? undefined : req.query.sort, limit: 100 }),
    data: (page: ProductPage) => apiProducts(page.items),
  },

  // ---- CART, CHECKOUT, ORDERS ----
  {
    method: 'post',
    path: '/api/addtocart',
    message: 'Product Added in Cart',
    empty: 'object',
    procedure: 'cart.addItem',
    input: (req) => body(req),
    data: (r: AddCartItemResult) => apiCartLine(r.line),
    extra: (r: AddCartItemResult) => ({ alreadyInCart: r.alreadyInCart }),
  },
  { method: 'get', path: '/api/countAddToCartProduct', message: 'ok', empty: 'object', procedure: 'cart.count' },
  { method: 'get', path: '/api/view-card-product', message: 'ok', empty: 'list', procedure: 'cart.list', data: (lines: CartLine[]) => lines.map(apiCartLine) },
  {
    method: 'post',
    path: '/api/update-cart-product',
    message: 'Product Updated',
    empty: 'object',
    procedure: 'cart.updateQuantity',
    input: (req) => body(req),
    data: (line: CartLine) => apiCartLine(line),
  },
  { method: 'post', path: '/api/delete-cart-product', message: 'Product Deleted From Cart', empty: 'object', procedure: 'cart.removeItem', input: (req) => body(req) },
  {
    method: 'post',
    path: '/api/checkout',
    message: 'ok',
    empty: 'object',
    procedure: 'checkout.start',
    input: (req) => body(req),
    data: (r: StartCheckoutResult) => r.orderId,
    extra: (r: StartCheckoutResult) => ({ id: r.sessionId, url: r.url }),
  },
  { method: 'get', path: '/api/order-list', message: 'Order list', empty: 'list', procedure: 'order.list', data: (list: Order[]) => list.map(apiOrder) },
  { method: 'get', path: '/api/all-order', message: 'All orders', empty: 'list', procedure: 'order.all', data: (list: Order[]) => list.map(apiOrder) },
];
