import { describe, expect, it } from 'vitest';
import {
  changesStock,
  changesTax,
  EMPTY_PRODUCT_FORM,
  PLEASE_UPLOAD_IMAGE,
  productToForm,
  formFieldOf,
  needsImporter,
  toProductInput,
  toProductTax,
  toProductUpdate,
  type ProductFormValues,
} from './product-form';

const filled: ProductFormValues = {
  productName: ' Galaxy S30 ',
  brandName: 'Samsung',
  category: 'mobiles',
  trackStock: true,
  stock: '7',
  stockNote: '',
  lowStockLevel: '',
  price: '79999',
  sellingPrice: '69999.5',
  description: '  A phone.  ',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
  hsnCode: '',
  gstRate: '',
  countryOfOrigin: 'India',
  manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
  manufacturerAddress: 'Plot 1, Sector 81, Noida 201305',
  importerName: '',
  importerAddress: '',
  netQuantity: '1 N: handset, USB-C cable',
  warrantyMonths: '12',
  warrantyBy: 'Samsung India (manufacturer)',
};

const FACTS = {
  countryOfOrigin: 'India',
  manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
  manufacturerAddress: 'Plot 1, Sector 81, Noida 201305',
  importerName: '',
  importerAddress: '',
  netQuantity: '1 N: handset, USB-C cable',
  warrantyMonths: 12,
  warrantyBy: 'Samsung India (manufacturer)',
};

describe('toProductInput', () => {
  it('turns rupees into paise and keeps the rest, tracking the stock typed', () => {
    const { input, errors } = toProductInput(filled);
    expect(errors).toEqual({});
    expect(input).toEqual({
      productName: ' Galaxy S30 ',
      brandName: 'Samsung',
      category: 'mobiles',
      trackStock: true,
      stock: 7,
      price: 7_999_900,
      sellingPrice: 6_999_950,
      description: 'A phone.',
      productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
      lowStockLevel: null,
      facts: FACTS,
    });
  });

  it('sends the low-stock level typed (empty: the shop’s default, null), refuses a negative one beside its field, and sends none for an untracked product', () => {
    expect(toProductInput({ ...filled, lowStockLevel: ' 3 ' }).input).toMatchObject({ lowStockLevel: 3 });
    expect(toProductInput({ ...filled, lowStockLevel: '0' }).input).toMatchObject({ lowStockLevel: 0 });
    expect(toProductInput({ ...filled, lowStockLevel: '-1' })).toEqual({ input: null, errors: { lowStockLevel: 'lowStockLevel must be 0 or more' } });
    expect(toProductInput({ ...filled, lowStockLevel: '2.5' }).errors).toEqual({ lowStockLevel: 'lowStockLevel must be a whole number' });
    expect(toProductInput({ ...filled, trackStock: false, lowStockLevel: '-1' }).input).not.toHaveProperty('lowStockLevel');
    const stored = {
      productName: 'Buds',
      brandName: 'Sony',
      category: 'earphones',
      stock: 3,
      trackStock: true,
      price: 129_950,
      sellingPrice: 99_900,
      description: '',
      productImage: [],
    };
    expect(productToForm({ ...stored, lowStockLevel: 4 }).lowStockLevel).toBe('4');
    expect(productToForm({ ...stored, lowStockLevel: null }).lowStockLevel).toBe('');
  });

  it('tracks the stock of a new product by default', () => {
    expect(EMPTY_PRODUCT_FORM.trackStock).toBe(true);
  });

  it('sends trackStock false and no stock when quantity is not tracked, whatever the hidden field holds', () => {
    for (const stock of ['', '12', 'junk']) {
      const { input, errors } = toProductInput({ ...filled, trackStock: false, stock });
      expect(errors).toEqual({});
      expect(input).toMatchObject({ trackStock: false });
      expect(input).not.toHaveProperty('stock');
    }
  });

  it('converts float-noisy rupees exactly (19.99 is 1999 paise)', () => {
    expect(toProductInput({ ...filled, price: '19.99', sellingPrice: '19.99' }).input).toMatchObject({ price: 1999, sellingPrice: 1999 });
  });

  it('names every missing required field and asks for an image, sending nothing', () => {
    const { input, errors } = toProductInput(EMPTY_PRODUCT_FORM);
    expect(input).toBeNull();
    expect(Object.keys(errors).sort()).toEqual([
      'brandName',
      'category',
      'countryOfOrigin',
      'manufacturerAddress',
      'manufacturerName',
      'netQuantity',
      'price',
      'productImage',
      'productName',
      'sellingPrice',
      'stock',
      'warrantyMonths',
    ]);
    expect(errors.countryOfOrigin).toBe('country of origin is required');
    expect(errors.warrantyMonths).toBe('warranty period is required (months, 0 for none)');
    expect(errors.productImage).toBe(PLEASE_UPLOAD_IMAGE);
    expect(errors.price).toBe('price is required');
    expect(errors).not.toHaveProperty('description');
  });

  it('does not ask for a stock figure when quantity is not tracked', () => {
    const { errors } = toProductInput({ ...EMPTY_PRODUCT_FORM, trackStock: false });
    expect(errors).not.toHaveProperty('stock');
  });

  it.each([
    [{ price: 'abc' }, 'price', /number/],
    [{ price: '-5' }, 'price', /more than 0/],
    [{ sellingPrice: '10.999' }, 'sellingPrice', /2 decimals/],
    [{ sellingPrice: '90000' }, 'sellingPrice', /not be more than price/],
    [{ stock: '' }, 'stock', /required/],
    [{ stock: '2.5' }, 'stock', /whole number/],
    [{ stock: '-1' }, 'stock', /whole number/],
    [{ stock: '1000001' }, 'stock', /at most 1000000/],
  ])('refuses %j with a message on %s', (patch, field, message) => {
    const { input, errors } = toProductInput({ ...filled, ...patch });
    expect(input).toBeNull();
    expect(errors[field]).toMatch(message);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it.each([
    [{ manufacturerName: ' ' }, 'manufacturerName', /manufacturer name is required/],
    [{ netQuantity: '' }, 'netQuantity', /net quantity is required/],
    [{ warrantyMonths: '' }, 'warrantyMonths', /warranty period is required/],
    [{ warrantyMonths: '1.5' }, 'warrantyMonths', /whole number of months/],
    [{ warrantyMonths: '121' }, 'warrantyMonths', /at most 120 months/],
    [{ warrantyBy: '' }, 'warrantyBy', /warranty giver is required/],
    [{ countryOfOrigin: 'Vietnam', importerAddress: 'Noida' }, 'importerName', /importer name is required for goods made outside India/],
    [{ countryOfOrigin: 'Vietnam', importerName: 'Samsung India' }, 'importerAddress', /importer address is required/],
  ])('requires the legal details: %j is refused on %s', (patch, field, message) => {
    const { input, errors } = toProductInput({ ...filled, ...patch });
    expect(input).toBeNull();
    expect(errors[field]).toMatch(message);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('sends the importer only for goods made outside India, and no giver for no warranty', () => {
    const leftovers = { importerName: 'Typed before India was chosen', importerAddress: 'Somewhere' };
    expect(toProductInput({ ...filled, ...leftovers }).input?.facts).toMatchObject({ importerName: '', importerAddress: '' });
    const imported = toProductInput({ ...filled, ...leftovers, countryOfOrigin: 'Vietnam' });
    expect(imported.errors).toEqual({});
    expect(imported.input?.facts).toMatchObject({ countryOfOrigin: 'Vietnam', ...leftovers });
    expect(toProductInput({ ...filled, warrantyMonths: '0' }).input?.facts).toMatchObject({ warrantyMonths: 0, warrantyBy: '' });
    expect(needsImporter({ countryOfOrigin: ' india ' })).toBe(false);
    expect(needsImporter({ countryOfOrigin: '' })).toBe(false);
    expect(needsImporter({ countryOfOrigin: 'China' })).toBe(true);
  });

  it('puts the server’s fact errors beside their fields', () => {
    expect(formFieldOf('facts.importerName')).toBe('importerName');
    expect(formFieldOf('productImage.2')).toBe('productImage');
    expect(formFieldOf('price')).toBe('price');
  });

  it('does not blame sellingPrice when only price is wrong', () => {
    const { errors } = toProductInput({ ...filled, price: '' });
    expect(errors).toEqual({ price: 'price is required' });
  });
});

describe('changesStock', () => {
  const tracked = { trackStock: true, stock: 7 };

  it('is true only when a tracked figure differs from the one loaded', () => {
    expect(changesStock(filled, tracked)).toBe(false);
    expect(changesStock({ ...filled, stock: ' 7 ' }, tracked)).toBe(false);
    expect(changesStock({ ...filled, stock: '9' }, tracked)).toBe(true);
    expect(changesStock({ ...filled, stock: '0' }, tracked)).toBe(true);
    // Nothing typed yet is a missing figure, not a change to 0.
    expect(changesStock({ ...filled, stock: '' }, tracked)).toBe(false);
  });

  it('counts switching tracking on, but not switching it off, and never a new product', () => {
    expect(changesStock(filled, { trackStock: false, stock: 0 })).toBe(true);
    expect(changesStock({ ...filled, trackStock: false, stock: '9' }, tracked)).toBe(false);
    expect(changesStock({ ...filled, stock: '9' }, undefined)).toBe(false);
  });
});

describe('toProductUpdate', () => {
  const loaded = { trackStock: true, stock: 7 };

  it('sends the figure the form was loaded with as expectedStock, and no note when the stock is unchanged', () => {
    const { input, errors } = toProductUpdate({ ...filled, stockNote: 'ignored: nothing changed' }, loaded);
    expect(errors).toEqual({});
    expect(input).toMatchObject({ trackStock: true, stock: 7, expectedStock: 7 });
    expect(input).not.toHaveProperty('stockNote');
  });

  it('sends the reason for a stock change, trimmed, and leaves it out when blank', () => {
    expect(toProductUpdate({ ...filled, stock: '12', stockNote: '  Delivery from the distributor ' }, loaded).input).toMatchObject({
      stock: 12,
      expectedStock: 7,
      stockNote: 'Delivery from the distributor',
    });
    expect(toProductUpdate({ ...filled, stock: '12', stockNote: '   ' }, loaded).input).not.toHaveProperty('stockNote');
  });

  it('refuses a reason longer than the server keeps', () => {
    const { input, errors } = toProductUpdate({ ...filled, stock: '12', stockNote: 'x'.repeat(201) }, loaded);
    expect(input).toBeNull();
    expect(errors).toEqual({ stockNote: 'stockNote must be at most 200 characters' });
  });

  it('switches tracking off with trackStock false and no stock figures', () => {
    const { input } = toProductUpdate({ ...filled, trackStock: false }, loaded);
    expect(input).toMatchObject({ trackStock: false });
    expect(input).not.toHaveProperty('stock');
    expect(input).not.toHaveProperty('expectedStock');
  });

  it('switches tracking on with the figure typed', () => {
    const { input } = toProductUpdate({ ...filled, stock: '4', stockNote: 'Counted the shelf' }, { trackStock: false, stock: 0 });
    expect(input).toMatchObject({ trackStock: true, stock: 4, stockNote: 'Counted the shelf' });
  });

  it('keeps the form checks of a new product', () => {
    expect(toProductUpdate({ ...filled, stock: '' }, loaded).errors).toEqual({ stock: 'stock is required' });
  });
});

describe('productToForm', () => {
  const stored = {
    productName: 'Buds',
    brandName: 'Sony',
    category: 'earphones',
    stock: 3,
    trackStock: true,
    price: 129_950,
    sellingPrice: 99_900,
    description: '',
    productImage: ['/images/a.webp'],
    facts: { ...FACTS, countryOfOrigin: 'China', importerName: 'Sony India Pvt. Ltd.', importerAddress: 'A-31, Mohan Co-operative, New Delhi 110044' },
  };

  it('shows a stored product (paise) in rupees and round-trips', () => {
    const values = productToForm(stored);
    expect(values).toMatchObject({
      price: '1299.5',
      sellingPrice: '999',
      trackStock: true,
      stock: '3',
      stockNote: '',
      category: 'earphones',
      countryOfOrigin: 'China',
      importerName: 'Sony India Pvt. Ltd.',
      warrantyMonths: '12',
    });
    expect(toProductInput(values).input).toMatchObject({
      price: 129_950,
      sellingPrice: 99_900,
      trackStock: true,
      stock: 3,
      facts: stored.facts,
    });
  });

  it('starts the legal details empty for a product without them, and the form asks for them', () => {
    const { facts: _facts, ...bare } = stored;
    const values = productToForm(bare);
    expect(values).toMatchObject({ countryOfOrigin: '', manufacturerName: '', warrantyMonths: '' });
    expect(toProductInput(values).errors).toMatchObject({ countryOfOrigin: 'country of origin is required' });
  });

  it('leaves the stock field empty for an untracked product (its 0 means nothing)', () => {
    const values = productToForm({ ...stored, trackStock: false, stock: 0 });
    expect(values).toMatchObject({ trackStock: false, stock: '' });
    expect(toProductInput(values).input).toMatchObject({ trackStock: false });
  });
});

describe('toProductTax and changesTax', () => {
  it('sends empty fields as null: the category’s HSN code and rate', () => {
    expect(toProductTax({ hsnCode: ' ', gstRate: '' })).toEqual({ tax: { hsn: null, rateBasisPoints: null }, errors: {} });
  });

  it('sends a code and a rate of its own, in basis points', () => {
    expect(toProductTax({ hsnCode: ' 85176290 ', gstRate: '500' })).toEqual({ tax: { hsn: '85176290', rateBasisPoints: 500 }, errors: {} });
  });

  it('refuses an HSN code that is not 4, 6 or 8 digits, beside its field', () => {
    expect(toProductTax({ hsnCode: '85', gstRate: '' })).toEqual({ tax: null, errors: { hsnCode: 'HSN code must be 4, 6 or 8 digits' } });
  });

  it('sees a change against what the product had, and any tax of its own on a new product', () => {
    const had = { hsn: '8517', rateBasisPoints: null };
    expect(changesTax({ hsn: '8517', rateBasisPoints: null }, had)).toBe(false);
    expect(changesTax({ hsn: null, rateBasisPoints: null }, had)).toBe(true);
    expect(changesTax({ hsn: '8517', rateBasisPoints: 1800 }, had)).toBe(true);
    expect(changesTax({ hsn: null, rateBasisPoints: null }, undefined)).toBe(false);
    expect(changesTax({ hsn: null, rateBasisPoints: 500 }, undefined)).toBe(true);
  });

  it('prefills the product’s own tax, empty when it uses its category’s', () => {
    expect(productToForm({ ...filledStored(), hsnCode: '8517', gstRateBasisPoints: 500 })).toMatchObject({ hsnCode: '8517', gstRate: '500' });
    expect(productToForm({ ...filledStored(), hsnCode: null, gstRateBasisPoints: null })).toMatchObject({ hsnCode: '', gstRate: '' });
  });
});

function filledStored() {
  return { productName: 'Buds', brandName: 'Sony', category: 'earphones', stock: 3, trackStock: true, price: 129_950, sellingPrice: 99_900, description: '', productImage: [] };
}
