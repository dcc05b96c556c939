import { hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise } from '../../../../shared/money';
import type { Category } from '../../../../shared/categories';
import { ProductInputSchema, UpdateProductInputSchema, type ProductInput, type UpdateProductInput } from '../../../../shared/schemas/catalog';
import { isIndia, type ProductFacts } from '../../../../shared/product-facts';
import { ProductTaxInputSchema } from '../../../../shared/schemas/settings';
import { issuesByField } from '../../../lib/form-errors';

export const PLEASE_UPLOAD_IMAGE = '*Please upload product image';
export const RETRY_OR_REMOVE_IMAGES = 'An image did not upload: retry it or remove it before saving';

/** What the product dialogs edit: text as typed, prices in rupees. */
export type ProductFormValues = {
  productName: string;
  brandName: string;
  /** '' until one is chosen. */
  category: Category;
  /** "Track quantity": off for products that are always available (stock is not counted). */
  trackStock: boolean;
  stock: string;
  /** Why the stock figure changed (edit only); goes into the stock history. */
  stockNote: string;
  /** The low-stock level as typed (whole units); '' for the shop's default (Settings → Stock alerts). */
  lowStockLevel: string;
  price: string;
  sellingPrice: string;
  description: string;
  productImage: string[];
  /** The product's own HSN code; '' uses its category's (Settings). */
  hsnCode: string;
  /** The product's own GST rate in basis points, as the select holds it; '' uses its category's. */
  gstRate: string;
  // Legal details (shared/product-facts.ts), as typed: all required, the importer only for goods made outside India.
  countryOfOrigin: string;
  manufacturerName: string;
  manufacturerAddress: string;
  importerName: string;
  importerAddress: string;
  netQuantity: string;
  /** Months, as typed; 0 for no warranty. */
  warrantyMonths: string;
  warrantyBy: string;
};

/** The Legal details fields, in form order (each named as its fact: the server's `facts.<name>` errors land on them). */
export const FACT_FORM_FIELDS = [
  'countryOfOrigin',
  'manufacturerName',
  'manufacturerAddress',
  'importerName',
  'importerAddress',
  'netQuantity',
  'warrantyMonths',
  'warrantyBy',
] as const satisfies readonly (keyof ProductFormValues & keyof ProductFacts)[];
export type FactFormField = (typeof FACT_FORM_FIELDS)[number];

/** The form field an error's path belongs to: 'facts.importerName' -> 'importerName', 'productImage.2' -> 'productImage'. */
export function formFieldOf(path: string): string {
  if (path.startsWith('facts.')) return path.slice('facts.'.length);
  return path.split('.')[0] ?? path;
}

/** Whether the importer fields apply: the origin is typed and is not India. */
export function needsImporter(values: Pick<ProductFormValues, 'countryOfOrigin'>): boolean {
  return values.countryOfOrigin.trim() !== '' && !isIndia(values.countryOfOrigin);
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  productName: '',
  brandName: '',
  category: '',
  trackStock: true,
  stock: '',
  stockNote: '',
  lowStockLevel: '',
  price: '',
  sellingPrice: '',
  description: '',
  productImage: [],
  hsnCode: '',
  gstRate: '',
  countryOfOrigin: '',
  manufacturerName: '',
  manufacturerAddress: '',
  importerName: '',
  importerAddress: '',
  netQuantity: '',
  warrantyMonths: '',
  warrantyBy: '',
};

/** The stock an edit form was loaded with; the server compares the stock with it before changing it. */
export type LoadedStock = { trackStock: boolean; stock: number };

/** What an update sends besides the `_id`. */
export type ProductUpdateFields = Omit<UpdateProductInput, '_id'>;

/** A stored product (paise) as form values (rupees). An untracked product's stock (0) means nothing, so the field starts empty. */
export function productToForm(p: {
  productName: string;
  brandName: string;
  category: string;
  stock: number;
  trackStock: boolean;
  price: number;
  sellingPrice: number;
  description: string;
  productImage: string[];
  hsnCode?: string | null;
  gstRateBasisPoints?: number | null;
  /** Its (first live variant's) own low-stock level; absent or null: the shop's default. */
  lowStockLevel?: number | null | undefined;
  /** Absent or null facts start empty (a product made before facts, or by the spec's client). */
  facts?: ProductFacts | undefined;
}): ProductFormValues {
  const facts = p.facts;
  return {
    productName: p.productName,
    brandName: p.brandName,
    category: p.category,
    trackStock: p.trackStock,
    stock: p.trackStock ? String(p.stock) : '',
    stockNote: '',
    lowStockLevel: p.lowStockLevel === null || p.lowStockLevel === undefined ? '' : String(p.lowStockLevel),
    price: String(paiseToRupees(p.price)),
    sellingPrice: String(paiseToRupees(p.sellingPrice)),
    description: p.description,
    productImage: [...p.productImage],
    hsnCode: p.hsnCode ?? '',
    gstRate: p.gstRateBasisPoints === null || p.gstRateBasisPoints === undefined ? '' : String(p.gstRateBasisPoints),
    countryOfOrigin: facts?.countryOfOrigin ?? '',
    manufacturerName: facts?.manufacturerName ?? '',
    manufacturerAddress: facts?.manufacturerAddress ?? '',
    importerName: facts?.importerName ?? '',
    importerAddress: facts?.importerAddress ?? '',
    netQuantity: facts?.netQuantity ?? '',
    warrantyMonths: facts?.warrantyMonths === null || facts?.warrantyMonths === undefined ? '' : String(facts.warrantyMonths),
    warrantyBy: facts?.warrantyBy ?? '',
  };
}

/**
 * The Legal details as the server takes them. The importer is sent only when it applies (goods
 * made outside India): fields hidden by an origin of India send nothing. Months typed as text
 * become a number ('' is left out, for the schema to say it is required).
 */
function factsOf(values: ProductFormValues, errors: Record<string, string>) {
  const imported = needsImporter(values);
  const monthsText = values.warrantyMonths.trim();
  const months = monthsText === '' ? undefined : Number(monthsText);
  if (months !== undefined && !Number.isInteger(months)) errors.warrantyMonths = 'warranty period must be a whole number of months';
  return {
    countryOfOrigin: values.countryOfOrigin,
    manufacturerName: values.manufacturerName,
    manufacturerAddress: values.manufacturerAddress,
    importerName: imported ? values.importerName : '',
    importerAddress: imported ? values.importerAddress : '',
    netQuantity: values.netQuantity,
    ...(months !== undefined && Number.isInteger(months) ? { warrantyMonths: months } : {}),
    // No warranty has no giver: a hidden field's leftover is not sent.
    warrantyBy: months === 0 ? '' : values.warrantyBy,
  };
}

/**
 * Whether saving would set a new stock figure: tracking is on and the typed figure is not the
 * one the form was loaded with (switching tracking on counts). Always false for a new product.
 */
export function changesStock(values: ProductFormValues, loaded: LoadedStock | undefined): boolean {
  if (!loaded || !values.trackStock) return false;
  if (!loaded.trackStock) return true;
  const typed = values.stock.trim();
  return typed !== '' && Number(typed) !== loaded.stock;
}

function rupees(text: string, field: string, errors: Record<string, string>): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') {
    errors[field] = `${field} is required`;
    return undefined;
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) errors[field] = `${field} must be a number`;
  else if (value <= 0) errors[field] = `${field} must be more than 0`;
  else if (!hasAtMostTwoDecimals(value)) errors[field] = `${field} must have at most 2 decimals`;
  else return rupeesToPaise(value);
  return undefined;
}

/**
 * Checks the form and builds the procedure input (paise), with the server's own schema so the
 * messages match what the server would say. Nothing is sent while `errors` has an entry.
 * A tracked product sends `trackStock: true` and its stock; an untracked one `trackStock: false`
 * and no stock (the Stock field is hidden then, and whatever it held is ignored).
 */
export function toProductInput(values: ProductFormValues): {
  input: ProductInput | null;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const price = rupees(values.price, 'price', errors);
  const sellingPrice = rupees(values.sellingPrice, 'sellingPrice', errors);
  let stock: number | undefined;
  if (values.trackStock) {
    const stockText = values.stock.trim();
    const typed = stockText === '' ? Number.NaN : Number(stockText);
    if (stockText === '') errors.stock = 'stock is required';
    else if (!Number.isInteger(typed) || typed < 0) errors.stock = 'stock must be a whole number, 0 or more';
    stock = Number.isInteger(typed) ? typed : 0;
  }
  // Only a counted stock has a level; empty is the shop's default (null), anything else the schema checks.
  const levelText = values.lowStockLevel.trim();
  const lowStockLevel = !values.trackStock ? undefined : levelText === '' ? null : Number(levelText);

  const candidate = {
    productName: values.productName,
    brandName: values.brandName,
    category: values.category,
    productImage: values.productImage,
    description: values.description,
    price: price ?? 0,
    sellingPrice: sellingPrice ?? 0,
    trackStock: values.trackStock,
    ...(stock !== undefined ? { stock } : {}),
    ...(lowStockLevel !== undefined ? { lowStockLevel } : {}),
    facts: factsOf(values, errors),
  };
  const parsed = ProductInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(issuesByField(parsed.error))) {
      // Price problems were worded above from what was typed; the placeholder 0 must not speak.
      if ((field === 'price' && price === undefined) || (field === 'sellingPrice' && sellingPrice === undefined) || (field === 'stock' && errors.stock)) continue;
      if (field === 'sellingPrice' && (price === undefined || sellingPrice === undefined)) continue;
      // One message per field the dialog shows: an issue inside a list ('productImage.2') goes under the list, a fact's beside it.
      errors[formFieldOf(field)] ??= message;
    }
  }
  if (values.productImage.length === 0) errors.productImage = PLEASE_UPLOAD_IMAGE;
  if (values.category === '') errors.category = 'category is required';
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      ...candidate,
      category: values.category,
      description: values.description.trim(),
      // Checked above: a form with no months typed has an error and never gets here.
      facts: { ...candidate.facts, warrantyMonths: candidate.facts.warrantyMonths ?? 0 },
    },
    errors,
  };
}

/**
 * As toProductInput, for the Edit dialog. A tracked product also sends `expectedStock`, the
 * figure the form was loaded with: the server then leaves an unchanged figure alone (units sold
 * while the form was open stay sold) and refuses a changed one with STOCK_CHANGED if the stock
 * moved meanwhile. The reason for a change goes along as `stockNote` when one was typed.
 */
export function toProductUpdate(
  values: ProductFormValues,
  loaded: LoadedStock,
): {
  input: ProductUpdateFields | null;
  errors: Record<string, string>;
} {
  const { input, errors } = toProductInput(values);
  const note = changesStock(values, loaded) ? values.stockNote.trim() : '';
  const checked = UpdateProductInputSchema.shape.stockNote.safeParse(note);
  if (!checked.success) errors.stockNote = checked.error.issues[0]?.message ?? 'stockNote is not valid';
  if (!input || Object.keys(errors).length > 0) return { input: null, errors };
  if (!values.trackStock) return { input, errors };
  return { input: { ...input, expectedStock: loaded.stock, ...(note ? { stockNote: note } : {}) }, errors };
}

/**
 * Every problem the dialog would refuse to send, by field: the product's (toProductInput, or
 * toProductUpdate when `loaded` says it is an edit) and its tax's. The dialog runs it on submit,
 * and again on every change while errors are shown, so a fixed field's message goes at once.
 */
export function productFormErrors(values: ProductFormValues, loaded: LoadedStock | undefined): Record<string, string> {
  const { errors } = loaded ? toProductUpdate(values, loaded) : toProductInput(values);
  return { ...errors, ...toProductTax(values).errors };
}

/** A product's own tax: null for either uses its category's. */
export type ProductTax = { hsn: string | null; rateBasisPoints: number | null };

/**
 * The Tax fields as settings.setProductTax takes them (empty is null), checked with the
 * server's schema. Checked before the product is saved: the tax is a second call, and a
 * product must not be saved with a tax that will then be refused.
 */
export function toProductTax(values: Pick<ProductFormValues, 'hsnCode' | 'gstRate'>): { tax: ProductTax | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const hsnText = values.hsnCode.trim();
  const hsn = hsnText === '' ? { success: true as const, data: null } : ProductTaxInputSchema.shape.hsn.safeParse(hsnText);
  if (!hsn.success) errors.hsnCode = hsn.error.issues[0]?.message ?? 'HSN code is not valid';
  const rate = values.gstRate === '' ? { success: true as const, data: null } : ProductTaxInputSchema.shape.rateBasisPoints.safeParse(Number(values.gstRate));
  if (!rate.success) errors.gstRate = rate.error.issues[0]?.message ?? 'GST rate is not valid';
  if (!hsn.success || !rate.success) return { tax: null, errors };
  return { tax: { hsn: hsn.data, rateBasisPoints: rate.data }, errors };
}

/** Whether the tax differs from what the product had (a new product had none of its own). */
export function changesTax(tax: ProductTax, loaded: ProductTax | undefined): boolean {
  return tax.hsn !== (loaded?.hsn ?? null) || tax.rateBasisPoints !== (loaded?.rateBasisPoints ?? null);
}
