import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, PLEASE_UPLOAD_IMAGE, productToForm, toProductInput, type ProductFormValues } from './product-form';

const filled: ProductFormValues = {
  productName: ' Galaxy S30 ',
  brandName: 'Samsung',
  category: 'mobiles',
  stock: '7',
  price: '79999',
  sellingPrice: '69999.5',
  description: '  A phone.  ',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
};

describe('toProductInput', () => {
  it('turns rupees into paise and keeps the rest', () => {
    const { input, errors } = toProductInput(filled);
    expect(errors).toEqual({});
    expect(input).toEqual({
      productName: ' Galaxy S30 ',
      brandName: 'Samsung',
      category: 'mobiles',
      stock: 7,
      price: 7_999_900,
      sellingPrice: 6_999_950,
      description: 'A phone.',
      productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
    });
  });

  it('converts float-noisy rupees exactly (19.99 is 1999 paise)', () => {
    expect(toProductInput({ ...filled, price: '19.99', sellingPrice: '19.99' }).input).toMatchObject({ price: 1999, sellingPrice: 1999 });
  });

  it('names every missing required field and asks for an image, sending nothing', () => {
    const { input, errors } = toProductInput(EMPTY_PRODUCT_FORM);
    expect(input).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['brandName', 'category', 'price', 'productImage', 'productName', 'sellingPrice', 'stock']);
    expect(errors.productImage).toBe(PLEASE_UPLOAD_IMAGE);
    expect(errors.price).toBe('price is required');
    expect(errors).not.toHaveProperty('description');
  });

  it.each([
    [{ price: 'abc' }, 'price', /number/],
    [{ price: '-5' }, 'price', /more than 0/],
    [{ sellingPrice: '10.999' }, 'sellingPrice', /2 decimals/],
    [{ sellingPrice: '90000' }, 'sellingPrice', /not be more than price/],
    [{ stock: '2.5' }, 'stock', /whole number/],
    [{ stock: '-1' }, 'stock', /whole number/],
  ])('refuses %j with a message on %s', (patch, field, message) => {
    const { input, errors } = toProductInput({ ...filled, ...patch });
    expect(input).toBeNull();
    expect(errors[field]).toMatch(message);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('does not blame sellingPrice when only price is wrong', () => {
    const { errors } = toProductInput({ ...filled, price: '' });
    expect(errors).toEqual({ price: 'price is required' });
  });
});

describe('productToForm', () => {
  it('shows a stored product (paise) in rupees and round-trips', () => {
    const values = productToForm({
      productName: 'Buds',
      brandName: 'Sony',
      category: 'earphones',
      stock: 3,
      price: 129_950,
      sellingPrice: 99_900,
      description: '',
      productImage: ['/images/a.webp'],
    });
    expect(values).toMatchObject({
      price: '1299.5',
      sellingPrice: '999',
      stock: '3',
      category: 'earphones',
    });
    expect(toProductInput(values).input).toMatchObject({
      price: 129_950,
      sellingPrice: 99_900,
      stock: 3,
    });
  });
});
