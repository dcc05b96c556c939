import type { Generated } from 'kysely';
import type { StockReason } from '../../shared/schemas/catalog';
import type { OrderPaymentProvider, OrderStatus } from '../../shared/schemas/order';
import type { ShipmentStatus, UnitIdKind } from '../../shared/schemas/shipping';
import type { ReturnReason, ReturnStatus } from '../../shared/schemas/returns';

/**
 * Row types for Kysely. `Generated<T>` marks columns with a database default (optional on insert). Column names stay inside *.queries.ts; everything above speaks camelCase.
 * Money columns are integer paise; times are ISO-8601 UTC text; JSON columns are text.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: 'ADMIN' | 'GENERAL';
  profile_pic: Generated<string>;
  created_at: string;
  updated_at: string;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
  deleted_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: Generated<string>;
  ip: Generated<string>;
  last_seen_at: string | null;
}

export interface LoginAttemptsTable {
  key: string;
  attempted_at: string;
}

export interface ProductsTable {
  id: string;
  product_name: string;
  brand_name: string;
  category: string;
  description: Generated<string>;
  price: number;
  selling_price: number;
  stock: Generated<number>;
  /** 1: stock is counted; 0: not counted, always available. */
  track_stock: Generated<number>;
  images: Generated<string>;
  /** The product's own HSN and GST rate (basis points); null: its category's (categories). */
  hsn_code: string | null;
  gst_rate_bp: number | null;
  /** The facts a product page must show (migration 2026-12-03-02-product-facts); null: not given. */
  origin_country: string | null;
  manufacturer_name: string | null;
  manufacturer_address: string | null;
  /** Imported goods only. */
  importer_name: string | null;
  importer_address: string | null;
  /** Net quantity / what is in the box. */
  net_quantity: string | null;
  /** 0: no warranty. */
  warranty_months: number | null;
  warranty_by: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  demo: Generated<number>;
  /** JSON ProductOption[]: up to 3 options (Storage, Colour), each with its values, in order. */
  options: Generated<string>;
  /** The summary of the live variants that cards show (kept by the catalogue's service code). */
  price_min: Generated<number>;
  price_max: Generated<number>;
  variant_count: Generated<number>;
  colour_count: Generated<number>;
  /** JSON { key: value }: the product-level spec values (2026-12-03-04-spec-values). */
  specs: Generated<string>;
  /** What a card shows of the on-card attributes ("8 GB RAM · 256 GB · 5G"). */
  spec_line: Generated<string>;
  /** The spec values as words with their units, in the search document. */
  spec_words: Generated<string>;
}

/** Spec values indexed for filtering: one row per product, attribute and distinct value (see the migration). */
export interface SpecValuesTable {
  product_id: string;
  category: string;
  key: string;
  value: string;
  num: number | null;
  text: string;
}

/**
 * One combination of a product's options that is sold (2026-12-03-03-variants). The product row's
 * price, selling_price, stock and track_stock are its summary variant's (see the migration).
 */
export interface ProductVariantsTable {
  id: string;
  product_id: string;
  /** Unique across the shop, whatever the case (a unique index on lower(sku)). */
  sku: string;
  ean: string | null;
  /** JSON string[]: the chosen value of each of the product's options, in their order. */
  option_values: Generated<string>;
  price: number;
  selling_price: number;
  stock: Generated<number>;
  track_stock: Generated<number>;
  weight_grams: number | null;
  /** JSON list of URLs; '[]' = the product's images. */
  images: Generated<string>;
  /** JSON { key: value }: the per-variant spec values (2026-12-03-04-spec-values). */
  specs: Generated<string>;
  position: Generated<number>;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  /** Its own low-stock level (units, 0 or more); null: the shop's default (2026-12-08-03-stock-alerts). */
  low_stock_level: Generated<number | null>;
  /** When a low-stock mail last named it; null again once it is above its level (a trigger clears it). */
  low_stock_alerted_at: Generated<string | null>;
}

export interface ProductsFtsTable {
  rowid: number;
  product_name: string;
  brand_name: string;
  category: string;
  description: string;
  spec_words: string;
  products_fts: string;
  rank: number;
}

/** What committed changes made stale, appended by triggers (see the cache-invalidations migration). */
export interface CacheInvalidationsTable {
  seq: Generated<number>;
  tag: string;
  created_at: Generated<string>;
}

export interface BannersTable {
  id: string;
  kind: 'desktop' | 'mobile';
  position: number;
  image_url: string;
  alt: string;
  link: Generated<string>;
  created_at: string;
  hidden: Generated<number>;
  demo: Generated<number>;
}

export interface CartItemsTable {
  id: string;
  user_id: string | null;
  guest_id: string | null;
  product_id: string;
  /** The variant on the line (null only in a row written by a release before variants). */
  variant_id: string | null;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export type { OrderStatus };

export interface OrdersTable {
  id: string;
  /** The readable number people see and type (VM-2026-000123; migration 2026-12-08-01-order-numbers): unique, given when the row is written. */
  order_number: string;
  user_id: string;
  email: string;
  status: OrderStatus;
  provider: OrderPaymentProvider;
  payment_session_id: string | null;
  payment_intent_id: string | null;
  payment_method_types: Generated<string>;
  payment_status: Generated<string>;
  shipping_rate: string | null;
  shipping_amount: Generated<number>;
  shipping_address: string | null;
  total_amount: number;
  amount_charged: number | null;
  amount_mismatch: Generated<number>;
  expires_at: string | null;
  /** The open session's hosted payment page (a repeated checkout returns it). */
  payment_session_url: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  /** JSON DeliveryAddress chosen before payment (or collected by the provider's page). */
  delivery_address: string | null;
  /** GST state code of the delivery state. */
  place_of_supply: string | null;
  /** JSON snapshot of the seller at the time of invoicing. */
  seller: string | null;
  /** JSON ShippingOption[]: the delivery choices offered at checkout. */
  shipping_offer: string | null;
  shipping_hsn: string | null;
  shipping_gst_rate_bp: number | null;
  shipping_taxable: Generated<number>;
  shipping_cgst: Generated<number>;
  shipping_sgst: Generated<number>;
  shipping_igst: Generated<number>;
  invoice_number: string | null;
  invoiced_at: string | null;
  credit_note_number: string | null;
  credit_noted_at: string | null;
  /** Paise: the cash-on-delivery fee, its own line (0 for other orders). */
  cod_fee: Generated<number>;
  /** A refund asked of the provider when an admin cancelled the paid order. */
  refund_id: string | null;
  refund_status: 'pending' | 'succeeded' | 'failed' | null;
  refund_amount: number | null;
  refunded_at: string | null;
  refund_error: string | null;
  /** Paise every offer took off the lines together (2026-12-09-01-offers). */
  discount_total: Generated<number>;
  /** The coupon code the order used, upper-case. */
  coupon_code: string | null;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  product_id: string;
  name: string;
  images: Generated<string>;
  unit_price: number;
  quantity: number;
  position: number;
  /** Units of this line taken from stock (0 for an untracked product or a released order). */
  stock_taken: Generated<number>;
  /** Units paid for that could not be taken from stock: an admin must restock or refund. */
  short_quantity: Generated<number>;
  hsn: string | null;
  gst_rate_bp: number | null;
  taxable_value: Generated<number>;
  cgst: Generated<number>;
  sgst: Generated<number>;
  igst: Generated<number>;
  /** The variant bought, its SKU and label ("256 GB, Marble Grey") at order time; sku and label null on lines from before variants. */
  variant_id: string | null;
  sku: string | null;
  variant_label: string | null;
  /** The list price the line was sold against; null on lines from before offers (= unit_price). (2026-12-09-01-offers) */
  list_unit_price: number | null;
  /** The sale price offer that set unit_price, if any. */
  sale_offer_id: string | null;
  /** Paise every offer took off this line together (order_item_discounts has each). */
  discount: Generated<number>;
}

/** An offer: coupon, sale price, buy X get Y or prepaid discount (migration 2026-12-09-01-offers). */
export interface OffersTable {
  id: string;
  kind: 'coupon' | 'sale-price' | 'buy-x-get-y' | 'prepaid';
  name: string;
  /** A coupon's code, upper-case; null for other kinds. */
  code: string | null;
  /** A sale price's product and variant. */
  product_id: string | null;
  variant_id: string | null;
  /** JSON, as shared/schemas/offers.ts parses it. */
  definition: string;
  paused: Generated<number>;
  valid_from: string | null;
  valid_to: string | null;
  /** A coupon's uses in all; null: no limit. */
  uses_limit: number | null;
  /** Uses taken now (an order's use given back when it expires or is cancelled). */
  uses_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One order's use of a coupon. */
export interface OfferUsesTable {
  offer_id: string;
  order_id: string;
  user_id: string;
  at: string;
  released_at: string | null;
}

/** What one offer took off one order line. */
export interface OrderItemDiscountsTable {
  order_item_id: string;
  offer_id: string;
  kind: 'coupon' | 'buy-x-get-y' | 'prepaid';
  amount: number;
}

/** The coupon code a shopper applied to their cart; owner is 'user:<id>' or 'guest:<id>'. */
export interface CartCouponsTable {
  owner: string;
  code: string;
  updated_at: string;
}

export interface StockMovementsTable {
  id: string;
  product_id: string;
  variant_id: string | null;
  at: string;
  reason: StockReason;
  delta: number;
  stock_before: number;
  stock_after: number;
  order_id: string | null;
  actor_id: string | null;
  note: Generated<string>;
}

export interface TestCheckoutSessionsTable {
  id: string;
  order_id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  shipping_rate: string | null;
  shipping_amount: number | null;
  amount_total: number;
  created_at: string;
  expires_at: string;
  /** JSON ShippingAddress the page collected (orders that reached it without an address). */
  shipping_address: Generated<string | null>;
  /** JSON CheckoutLine[]: what the session was opened for, as the page shows it. */
  lines: Generated<string | null>;
  /** JSON ShippingOption[]: the delivery choices the session offers. */
  shipping_options: Generated<string | null>;
}

/**
 * Images stored in the database (server/images/image-store.ts): the PostgreSQL shop's images;
 * empty on SQLite, whose images are files in DATA_DIR/images. Immutable rows named by content hash.
 */
export interface StoredImagesTable {
  name: string;
  content_type: string;
  /** bytea on PostgreSQL, blob on SQLite: a Buffer either way. */
  bytes: Buffer;
  created_at: string;
}

/** A catalogue file uploaded for an import, kept an hour (migration 2026-12-05-01-catalogue-uploads). */
export interface CatalogueUploadsTable {
  id: string;
  actor_id: string | null;
  file_name: string;
  size: number;
  /** bytea on PostgreSQL, blob on SQLite: a Buffer either way. */
  bytes: Buffer;
  created_at: string;
}

/** A catalogue import run as a background job (issue 28; migration 2026-12-06-07-catalogue-import-jobs). */
export interface CatalogueImportJobsTable {
  id: string;
  /** 'dryRun' or 'apply'. */
  action: string;
  upload_id: string;
  file_name: string;
  mode: string;
  stock_mode: string;
  actor_id: string | null;
  actor_name: Generated<string>;
  /** Which app process runs it (a random token per process). */
  process_token: string;
  /** 'running', 'done' or 'failed'. */
  state: string;
  phase: string;
  rows_checked: Generated<number>;
  rows_written: Generated<number>;
  to_write: Generated<number>;
  total: Generated<number>;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
  /** The report (JSON) once done. */
  result: string | null;
  /** { code, message } (JSON) once failed. */
  error: string | null;
  /** 'shop' while running (unique: one import at a time), null once ended. */
  running_slot: string | null;
  /** The upload id of the ZIP of pictures sent with the file, null without one (migration 2026-12-07-01-import-job-pictures). */
  pictures_upload_id: string | null;
}

export interface ShopSettingsTable {
  id: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** The owner's categories (migration 2026-12-03-01-categories): the spec's twelve and any added since. */
export interface CategoriesTable {
  /** The slug products and /api carry; never changes once created. */
  value: string;
  label: string;
  /** Order in menus, bubbles and filter lists (1 first). */
  position: number;
  /** 1: unlisted (no bubble, row or filter; not offered for new products); its page still answers. */
  hidden: Generated<number>;
  hsn: string;
  gst_rate_bp: number;
  /** The home page row's heading; null: no row. */
  home_heading: string | null;
  home_cards: 'small' | 'large' | null;
  home_position: number | null;
  /** JSON SpecAttribute[] (shared/schemas/categories.ts). */
  spec_template: Generated<string>;
  /** What packing asks of each unit (migration 2026-12-08-02-shipments): nothing, a serial number, or IMEIs. */
  unit_ids: Generated<UnitIdKind>;
  /** JSON ReturnPolicy (migration 2026-12-10-01-returns); null: the shop's default (the returnPolicy setting). */
  return_policy: string | null;
  created_at: string;
  updated_at: string;
}

/** A shopper's request to return one unit of an order line (migration 2026-12-10-01-returns). */
export interface ReturnRequestsTable {
  id: string;
  order_id: string;
  order_item_id: string;
  /** 0-based: which unit of the line. */
  unit_index: number;
  /** The shipment_units row (slot 1) when the unit was packed with a serial or IMEI. */
  shipment_unit_id: string | null;
  /** That unit's serial or IMEI as delivered. */
  delivered_number: string | null;
  user_id: string;
  reason: ReturnReason;
  description: string;
  /** JSON string[]: /images/<hash>.webp URLs. */
  photos: Generated<string>;
  resolution: 'replacement' | 'refund';
  /** JSON ReturnPayout (a COD refund's UPI id or bank account), as given. */
  payout: string | null;
  status: ReturnStatus;
  owner_message: string | null;
  pickup_courier: string | null;
  pickup_awb: string | null;
  received_number: string | null;
  /** 1 or 0 once received (and the unit had a number); null before. */
  number_matches: number | null;
  /** 1: received with a mismatched number, waiting for the owner's resolve. */
  held: Generated<number>;
  resolve_note: string | null;
  condition: 'resaleable' | 'damaged' | null;
  requested_at: string;
  decided_at: string | null;
  pickup_scheduled_at: string | null;
  picked_up_at: string | null;
  received_at: string | null;
  resolved_at: string | null;
  cancelled_at: string | null;
  updated_at: string;
}

export interface ReturnEventsTable {
  id: string;
  return_id: string;
  status: string;
  at: string;
  actor_id: string | null;
  note: string | null;
}

/** One parcel of an order, from packed to delivered or back to origin (migration 2026-12-08-02-shipments). */
export interface ShipmentsTable {
  id: string;
  order_id: string;
  purpose: Generated<'order'>;
  status: ShipmentStatus;
  courier: 'manual' | 'shiprocket';
  courier_name: string | null;
  courier_id: number | null;
  awb: string | null;
  tracking_url: string | null;
  routing_code: string | null;
  /** Our own key, stored before any create call at the courier: a retry looks it up rather than making a second shipment. */
  request_key: string | null;
  courier_order_id: string | null;
  courier_shipment_id: string | null;
  weight_grams: number;
  length_cm: number;
  breadth_cm: number;
  height_cm: number;
  /** Paise: the consignment's value with tax (what the e-way bill threshold is compared with). */
  value_paise: number;
  /** Paise the courier collects at the door (0 for an order paid online). */
  cod_amount: Generated<number>;
  eway_bill_number: string | null;
  eway_bill_date: string | null;
  /** The courier's reason for the last failed delivery (NDR), while it is open. */
  failed_reason: string | null;
  /** The last error from the courier's API (shown to the admin; cleared on success). */
  last_error: string | null;
  packed_at: string;
  packed_by: string | null;
  booked_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  returned_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ShipmentUnitsTable {
  id: string;
  shipment_id: string;
  order_id: string;
  order_item_id: string;
  /** 0-based: which unit of the line. */
  unit_index: number;
  /** 1: the serial or first IMEI; 2: a dual-SIM phone's second IMEI. */
  slot: number;
  kind: 'serial' | 'imei';
  value: string;
  created_at: string;
  /** Set when the unit is back at the shop (or the packing was redone): its number may ship again. */
  released_at: string | null;
}

export interface ShipmentEventsTable {
  id: string;
  shipment_id: string;
  order_id: string;
  status: ShipmentStatus;
  courier_status: Generated<string>;
  at: string;
  location: string | null;
  reason: string | null;
  note: string | null;
  event_key: string;
  source: 'admin' | 'webhook' | 'poll' | 'courier';
  actor_id: string | null;
  created_at: string;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  line1: string;
  line2: Generated<string>;
  city: string;
  state_code: string;
  pin: string;
  gstin: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentCountersTable {
  series: string;
  last: number;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  action: string;
  detail: string;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text_body: string;
  /** JSON MailAttachmentRef[]: what to attach at send time. */
  attachments: Generated<string>;
  message_id: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The last shop day each daily job ran (2026-12-08-03-stock-alerts). */
export interface JobRunsTable {
  name: string;
  /** YYYY-MM-DD in the shop's time zone. */
  last_day: string;
  ran_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  spec_values: SpecValuesTable;
  products_fts: ProductsFtsTable;
  banners: BannersTable;
  cache_invalidations: CacheInvalidationsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  test_checkout_sessions: TestCheckoutSessionsTable;
  stock_movements: StockMovementsTable;
  stored_images: StoredImagesTable;
  catalogue_uploads: CatalogueUploadsTable;
  catalogue_import_jobs: CatalogueImportJobsTable;
  shop_settings: ShopSettingsTable;
  categories: CategoriesTable;
  addresses: AddressesTable;
  document_counters: DocumentCountersTable;
  shipments: ShipmentsTable;
  offers: OffersTable;
  offer_uses: OfferUsesTable;
  order_item_discounts: OrderItemDiscountsTable;
  cart_coupons: CartCouponsTable;
  shipment_units: ShipmentUnitsTable;
  shipment_events: ShipmentEventsTable;
  return_requests: ReturnRequestsTable;
  return_events: ReturnEventsTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  password_resets: PasswordResetsTable;
  recovery_codes: RecoveryCodesTable;
  email_changes: EmailChangesTable;
  job_runs: JobRunsTable;
}
