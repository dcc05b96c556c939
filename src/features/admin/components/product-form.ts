import { hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise } from '../../../../shared/money';
import type { Category } from '../../../../shared/categories';
import { ProductInputSchema, type ProductInput } from '../../../../shared/schemas/catalog';

export const PLEASE_UPLOAD_IMAGE = '*Please upload product image';

/** What the product dialogs edit: text as typed, prices in rupees. */
export type ProductFormValues = {
  productName: string;
  brandName: string;
  category: Category | '';
  stock: string;
  price: string;
  sellingPrice: string;
  description: string;
  productImage: string[];
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  productName: '',
  brandName: '',
  category: '',
  stock: '',
  price: '',
  sellingPrice: '',
  description: '',
  productImage: [],
};

/** A stored product (paise) as form values (rupees). */
export function productToForm(p: {
  productName: string;
  brandName: string;
  category: string;
  stock: number;
  price: number;
  sellingPrice: number;
  description: string;
  productImage: string[];
}): ProductFormValues {
  return {
    productName: p.productName,
    brandName: p.brandName,
    category: p.category as Category,
    stock: String(p.stock),
    price: String(paiseToRupees(p.price)),
    sellingPrice: String(paiseToRupees(p.sellingPrice)),
    description: p.description,
    productImage: [...p.productImage],
  };
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
 */
export function toProductInput(values: ProductFormValues): {
  input: ProductInput | null;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const price = rupees(values.price, 'price', errors);
  const sellingPrice = rupees(values.sellingPrice, 'sellingPrice', errors);
  const stockText = values.stock.trim();
  const stock = stockText === '' ? Number.NaN : Number(stockText);
  if (stockText === '') errors.stock = 'stock is required';
  else if (!Number.isInteger(stock) || stock < 0) errors.stock = 'stock must be a whole number, 0 or more';

  const candidate = {
    productName: values.productName,
    brandName: values.brandName,
    category: values.category,
    productImage: values.productImage,
    description: values.description,
    price: price ?? 0,
    sellingPrice: sellingPrice ?? 0,
    stock: Number.isInteger(stock) ? stock : 0,
  };
  const parsed = ProductInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'form';
      // Price problems were worded above from what was typed; the placeholder 0 must not speak.
      if ((field === 'price' && price === undefined) || (field === 'sellingPrice' && sellingPrice === undefined) || (field === 'stock' && errors.stock)) continue;
      if (field === 'sellingPrice' && (price === undefined || sellingPrice === undefined)) continue;
      errors[field.split('.')[0] ?? field] ??= issue.message;
    }
  }
  if (values.productImage.length === 0) errors.productImage = PLEASE_UPLOAD_IMAGE;
  if (values.category === '') errors.category = 'category is required';
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      ...candidate,
      category: values.category as Category,
      description: values.description.trim(),
    },
    errors,
  };
}
