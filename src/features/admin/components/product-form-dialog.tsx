import { useCallback, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CATEGORIES } from '../../../../shared/categories';
import { FieldError } from '../../../components/ui/field-error';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useCreateProduct, useUpdateProduct } from '../api/use-save-product';
import { ImageUploader } from './image-uploader';
import { ModalDialog } from './modal-dialog';
import { EMPTY_PRODUCT_FORM, productToForm, toProductInput, type ProductFormValues } from './product-form';

export const PRODUCT_UPLOADED_MESSAGE = 'Product upload successfully';
export const PRODUCT_UPDATED_MESSAGE = 'Product update successfully';

type EditableProduct = Parameters<typeof productToForm>[0] & { _id: string };

const TEXT_FIELDS = ['productName', 'brandName'] as const;
const FIELD_LABELS: Record<string, string> = {
  productName: 'Product Name',
  brandName: 'Brand Name',
  category: 'Category',
  stock: 'Stock',
  price: 'Price (₹)',
  sellingPrice: 'Selling Price (₹)',
  description: 'Description',
  productImage: 'Product Image',
};
const KNOWN_FIELDS = new Set(Object.keys(FIELD_LABELS));

/**
 * The 'Upload Product' dialog (no `product`) and the 'Edit Product' dialog. Prices are typed in
 * rupees and sent in paise; the server's field errors show beside their fields.
 */
export function ProductFormDialog({ product, onClose }: { product?: EditableProduct; onClose: () => void }) {
  const editing = product !== undefined;
  const formId = useId();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? productToForm(product) : EMPTY_PRODUCT_FORM));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;

  const set = (field: Exclude<keyof ProductFormValues, 'productImage'>) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const setImages = useCallback((change: (images: string[]) => string[]) => {
    setValues((current) => ({
      ...current,
      productImage: change(current.productImage),
    }));
    setErrors(({ productImage: _gone, ...rest }) => rest);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const { input, errors: problems } = toProductInput(values);
    setErrors(problems);
    if (!input) return;
    try {
      if (product) await update.mutateAsync({ ...input, _id: product._id });
      else await create.mutateAsync(input);
      toast.success(editing ? PRODUCT_UPDATED_MESSAGE : PRODUCT_UPLOADED_MESSAGE);
      onClose();
    } catch (error) {
      // 'productImage.0' (one bad URL) belongs beside the images.
      const byField: Record<string, string> = {};
      for (const [field, message] of Object.entries(fieldErrors(error))) byField[field.split('.')[0] ?? field] ??= message;
      setErrors(Object.keys(byField).length > 0 ? byField : { form: errorMessage(error) });
    }
  };

  const id = (field: string) => `${formId}-${field}`;
  const errorId = (field: string) => `${formId}-${field}-error`;
  const describedBy = (field: string) => (errors[field] ? errorId(field) : undefined);
  const otherErrors = Object.entries(errors).filter(([field]) => !KNOWN_FIELDS.has(field));

  return (
    <ModalDialog title={editing ? 'Edit Product' : 'Upload Product'} onClose={onClose} widthClassName="max-w-2xl">
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit Product' : 'Upload Product'}>
        <div className="grid grid-cols-2 gap-4">
          {TEXT_FIELDS.map((field) => (
            <div key={field}>
              <label htmlFor={id(field)} className="label">
                {FIELD_LABELS[field]}
              </label>
              <input
                id={id(field)}
                name={field}
                className="field"
                value={values[field]}
                onChange={set(field)}
                required
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={describedBy(field)}
              />
              <FieldError id={errorId(field)} message={errors[field]} />
            </div>
          ))}
          <div>
            <label htmlFor={id('category')} className="label">
              {FIELD_LABELS.category}
            </label>
            <select
              id={id('category')}
              name="category"
              className="field"
              value={values.category}
              onChange={set('category')}
              required
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy('category')}
            >
              <option value="">Select Category</option>
              {CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError id={errorId('category')} message={errors.category} />
          </div>
          <div>
            <label htmlFor={id('stock')} className="label">
              {FIELD_LABELS.stock}
            </label>
            <input
              id={id('stock')}
              name="stock"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="field"
              value={values.stock}
              onChange={set('stock')}
              required
              aria-invalid={errors.stock ? true : undefined}
              aria-describedby={describedBy('stock')}
            />
            <FieldError id={errorId('stock')} message={errors.stock} />
          </div>
          {(['price', 'sellingPrice'] as const).map((field) => (
            <div key={field}>
              <label htmlFor={id(field)} className="label">
                {FIELD_LABELS[field]}
              </label>
              <input
                id={id(field)}
                name={field}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                className="field"
                value={values[field]}
                onChange={set(field)}
                required
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={describedBy(field)}
              />
              <FieldError id={errorId(field)} message={errors[field]} />
            </div>
          ))}
        </div>

        <ImageUploader images={values.productImage} onChange={setImages} onBusyChange={setUploading} error={errors.productImage} />

        <div>
          <label htmlFor={id('description')} className="label">
            {FIELD_LABELS.description} <span className="font-normal text-zinc-600">(optional)</span>
          </label>
          <textarea
            id={id('description')}
            name="description"
            rows={4}
            className="field resize-y"
            value={values.description}
            onChange={set('description')}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
          />
          <FieldError id={errorId('description')} message={errors.description} />
        </div>

        {otherErrors.map(([field, message]) => (
          <p key={field} role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {message}
          </p>
        ))}

        <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving || uploading}>
            {uploading ? 'Waiting for uploads…' : saving ? 'Saving…' : editing ? 'Update Product' : 'Upload Product'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
