import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FieldError } from '../../../components/ui/field-error';
import { COUNTRY_SUGGESTIONS, FACT_LABELS } from '../../../../shared/product-facts';
import { errorAppCode, errorMessage, fieldErrors } from '../../../lib/trpc';
import { useCreateProduct, useUpdateProduct } from '../api/use-save-product';
import { useAdminCategories } from '../api/use-admin-categories';
import { useSetProductTax } from '../api/use-shop-settings';
import { ImageUploader } from './image-uploader';
import { ModalDialog } from './modal-dialog';
import {
  changesStock,
  changesTax,
  EMPTY_PRODUCT_FORM,
  formFieldOf,
  needsImporter,
  PLEASE_UPLOAD_IMAGE,
  productFormErrors,
  productToForm,
  RETRY_OR_REMOVE_IMAGES,
  toProductInput,
  toProductTax,
  toProductUpdate,
  type FactFormField,
  type LoadedStock,
  type ProductFormValues,
  type ProductTax,
} from './product-form';
import { formatGstRate, GST_RATE_OPTIONS } from './settings-form';
import { useImageSlots } from './use-image-slots';
import { serverErrorsToCells, toVariantsPayload, type VariantsPayload } from './variant-grid';
import { OptionsEditor, useVariantsDraft, VariantGrid } from './variants-editor';
import { perVariantAttributes, SpecificationsFields, useSpecsDraft } from './specifications-fields';

export const PRODUCT_UPLOADED_MESSAGE = 'Product upload successfully';
export const PRODUCT_UPDATED_MESSAGE = 'Product update successfully';
export const PRODUCT_TAX_NOT_SAVED = 'The product was saved, but not its HSN code and GST rate';

type EditableProduct = Parameters<typeof productToForm>[0] & { _id: string };

const TEXT_FIELDS = ['productName', 'brandName'] as const;
const FIELD_LABELS: Record<string, string> = {
  productName: 'Product Name',
  brandName: 'Brand Name',
  category: 'Category',
  trackStock: 'Track quantity',
  stock: 'Stock',
  stockNote: 'Reason for the stock change',
  lowStockLevel: 'Low-stock alert at',
  price: 'Price (₹)',
  sellingPrice: 'Selling Price (₹)',
  description: 'Description',
  productImage: 'Product Image',
  hsnCode: 'HSN code',
  gstRate: 'GST rate',
  ...FACT_LABELS,
};
const KNOWN_FIELDS = new Set(Object.keys(FIELD_LABELS));

/**
 * An error reported by the last save. The form's own errors are checked again on every change
 * (only the fields reported are shown, with what is wrong with them now, so a fixed field's
 * message goes at once); a server's error stays until its field is edited (`value` is the field
 * as it was sent; undefined for one the form does not hold, which stays until the next save).
 */
type ReportedError = { from: 'form' } | { from: 'server'; message: string; value: string | undefined };

/** A field's value as text to compare, or undefined for a name that is not a form field ('form', 'expectedStock'). */
function fieldValue(values: ProductFormValues, field: string): string | undefined {
  return Object.hasOwn(values, field) ? JSON.stringify(values[field as keyof ProductFormValues]) : undefined;
}

function withoutImages({ productImage: _images, ...fields }: ProductFormValues): Omit<ProductFormValues, 'productImage'> {
  return fields;
}

/**
 * The 'Upload Product' dialog (no `product`) and the 'Edit Product' dialog. Prices are typed in
 * rupees and sent in paise; the form's and the server's field errors show beside their fields
 * and go as soon as the field is fixed (see ReportedError). The images are saved in the order
 * shown, the first being the cover; saving waits for their uploads. "Track quantity"
 * off hides the stock (the product is always available). An edit sends back the stock it was
 * loaded with, so a sale made while the dialog was open is not undone: the server refuses a new
 * figure then (STOCK_CHANGED), and the dialog stays open with the reason beside the stock.
 * The optional Tax fields (the product's own HSN code and GST rate; empty uses its category's)
 * are checked before anything is sent and saved by settings.setProductTax once the product is,
 * only when they changed.
 */
export function ProductFormDialog({ product, onClose }: { product?: EditableProduct; onClose: () => void }) {
  const editing = product !== undefined;
  const formId = useId();
  const [fields, setFields] = useState(() => withoutImages(product ? productToForm(product) : EMPTY_PRODUCT_FORM));
  const images = useImageSlots(product?.productImage ?? []);
  const values: ProductFormValues = { ...fields, productImage: images.urls };
  // The stock the form showed when it opened; the grid may refresh underneath, this must not.
  const [loaded] = useState<LoadedStock | undefined>(() => (product ? { trackStock: product.trackStock, stock: product.stock } : undefined));
  const [loadedTax] = useState<ProductTax | undefined>(() => (product ? { hsn: product.hsnCode ?? null, rateBasisPoints: product.gstRateBasisPoints ?? null } : undefined));
  const askReason = changesStock(values, loaded);
  const [reported, setReported] = useState<Record<string, ReportedError>>({});
  const uploading = images.busy;
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const setProductTax = useSetProductTax();
  // The owner's categories: the select offers the listed ones (and the product's own, even hidden);
  // the Tax fields' placeholders say what the product gets when they are left empty.
  const categories = useAdminCategories().data ?? [];
  const offered = categories.filter((c) => !c.hidden || c.value === product?.category);
  const categoryTax = categories.find((c) => c.value === values.category);
  const saving = create.isPending || update.isPending || setProductTax.isPending;
  // Options and the variant grid (issue 27): with options, prices and stock are each variant's.
  const variantsDraft = useVariantsDraft(product?._id, values.productName);
  const withVariants = variantsDraft.active;
  // With options, the per-variant attributes (storage, capacity) are columns of the grid, not fields of the Specifications section.
  const template = categoryTax?.template ?? [];
  const gridAttributes = withVariants ? perVariantAttributes(template) : [];
  const specsDraft = useSpecsDraft(product?._id, withVariants ? template.filter((a) => !a.perVariant) : template);
  /** The product's own checks with the figures the grid holds instead left out (placeholders that pass). */
  const checkedValues = (candidate: ProductFormValues): ProductFormValues =>
    withVariants ? { ...candidate, price: '1', sellingPrice: '1', trackStock: loaded?.trackStock ?? false, stock: String(loaded?.stock ?? 0), stockNote: '' } : candidate;

  // What the form would refuse now, by field: the same checks (and shared zod schemas) as saving.
  const problemsOf = (candidate: ProductFormValues) => {
    const problems = productFormErrors(checkedValues(candidate), loaded);
    if (images.failed) problems.productImage = RETRY_OR_REMOVE_IMAGES;
    // Images still uploading are images: the red hint is for a form with none at all.
    else if (uploading && problems.productImage === PLEASE_UPLOAD_IMAGE) delete problems.productImage;
    return problems;
  };
  const current = Object.keys(reported).length > 0 ? problemsOf(values) : {};
  const errors: Record<string, string> = {};
  for (const [field, report] of Object.entries(reported)) {
    const message = report.from === 'server' && fieldValue(values, field) === report.value ? report.message : current[field];
    if (message) errors[field] = message;
  }

  const set = (field: Exclude<keyof ProductFormValues, 'productImage' | 'trackStock'>) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [field]: value }));
  };

  const setTrackStock = (trackStock: boolean) => {
    setFields((current) => ({ ...current, trackStock }));
    // A stock error is about a field that is now gone or empty again.
    setReported((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'stock' && field !== 'trackStock')));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const problems = problemsOf(values);
    setReported(Object.fromEntries(Object.keys(problems).map((field) => [field, { from: 'form' }])));
    const { tax } = toProductTax(values);
    let grid: VariantsPayload | null = null;
    if (withVariants) {
      const checked = toVariantsPayload(variantsDraft.options, variantsDraft.rows, gridAttributes);
      variantsDraft.setCellErrors(checked.errors);
      if (!checked.payload) return;
      grid = checked.payload;
    }
    if (Object.keys(problems).length > 0 || !tax) return;
    let productId: string;
    const specs = specsDraft.input();
    const withSpecs = specs ? { specs } : {};
    try {
      if (product && loaded) {
        const { input } = toProductUpdate(checkedValues(values), loaded);
        if (!input) return;
        if (grid) {
          // The product row's figures are its variants' summary: sent back as loaded, so only the variants change them.
          const { stock: _stock, expectedStock: _expected, stockNote: _note, trackStock: _track, lowStockLevel: _level, ...rest } = input;
          productId = (
            await update.mutateAsync({
              ...rest,
              ...withSpecs,
              price: product.price,
              sellingPrice: product.sellingPrice,
              options: grid.options,
              variants: grid.variants,
              _id: product._id,
            })
          )._id;
        } else productId = (await update.mutateAsync({ ...input, ...withSpecs, _id: product._id }))._id;
      } else {
        const { input } = toProductInput(checkedValues(values));
        if (!input) return;
        const first = grid?.variants[0];
        if (grid && first) {
          const { stock: _stock, lowStockLevel: _level, ...rest } = input;
          const opening = {
            price: first.price,
            sellingPrice: first.sellingPrice,
            trackStock: first.trackStock ?? true,
            ...(first.stock !== undefined ? { stock: first.stock } : {}),
          };
          productId = (await create.mutateAsync({ ...rest, ...withSpecs, ...opening, options: grid.options, variants: grid.variants }))._id;
        } else productId = (await create.mutateAsync({ ...input, ...withSpecs }))._id;
      }
    } catch (error) {
      let serverFields = fieldErrors(error);
      if (grid) {
        // A variant's error (its index in what was sent, or its SKU in the message) goes on its row.
        const { cells, rest } = serverErrorsToCells(serverFields, errorMessage(error), grid.sentKeys, variantsDraft.rows);
        variantsDraft.setCellErrors(cells);
        serverFields = rest;
        if (Object.keys(cells).length > 0 && Object.keys(rest).length === 0) {
          setReported({});
          toast.error(errorMessage(error));
          return;
        }
      }
      // 'productImage.0' (one bad URL) belongs beside the images.
      const byField: Record<string, ReportedError> = {};
      for (const [field, message] of Object.entries(serverFields)) {
        const name = formFieldOf(field);
        byField[name] ??= { from: 'server', message, value: fieldValue(values, name) };
      }
      setReported(Object.keys(byField).length > 0 ? byField : { form: { from: 'server', message: errorMessage(error), value: undefined } });
      // Units sold (or another admin's edit) while the form was open: the field error alone is
      // easy to miss at the bottom of a long form, and the whole message says what to do next.
      if (errorAppCode(error) === 'STOCK_CHANGED') toast.error(errorMessage(error));
      return;
    }
    toast.success(editing ? PRODUCT_UPDATED_MESSAGE : PRODUCT_UPLOADED_MESSAGE);
    if (changesTax(tax, loadedTax)) {
      try {
        await setProductTax.mutateAsync({ productId, ...tax });
      } catch (error) {
        // The product is saved: keeping the dialog open would invite saving a new one twice.
        toast.error(`${PRODUCT_TAX_NOT_SAVED}: ${errorMessage(error)}`);
      }
    }
    onClose();
  };

  const id = (field: string) => `${formId}-${field}`;
  const errorId = (field: string) => `${formId}-${field}-error`;
  const describedBy = (field: string) => (errors[field] ? errorId(field) : undefined);
  // A field that is not on screen (the stock of an untracked product) has its error shown with the others.
  const imported = needsImporter(values);
  const noWarranty = values.warrantyMonths.trim() === '0';
  const shown = (field: string) =>
    KNOWN_FIELDS.has(field) &&
    (values.trackStock || field !== 'stock') &&
    (askReason || field !== 'stockNote') &&
    (imported || (field !== 'importerName' && field !== 'importerAddress')) &&
    (!noWarranty || field !== 'warrantyBy');
  /** A Legal details text field (all required: the law asks for them before a product is on sale). */
  const factField = (field: FactFormField, extra: { className?: string; hint?: string; list?: string; inputMode?: 'numeric' } = {}) => (
    <div className={extra.className}>
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
        list={extra.list}
        inputMode={extra.inputMode}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={[extra.hint ? id(`${field}-hint`) : null, describedBy(field)].filter(Boolean).join(' ') || undefined}
      />
      {extra.hint ? (
        <p id={id(`${field}-hint`)} className="mt-1 text-xs text-zinc-600">
          {extra.hint}
        </p>
      ) : null}
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );
  const otherErrors = Object.entries(errors).filter(([field]) => !shown(field));

  return (
    <ModalDialog title={editing ? 'Edit Product' : 'Upload Product'} onClose={onClose} widthClassName={withVariants ? 'max-w-6xl' : 'max-w-2xl'}>
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
              {offered.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.hidden ? `${c.label} (hidden)` : c.label}
                </option>
              ))}
            </select>
            <FieldError id={errorId('category')} message={errors.category} />
          </div>
          {withVariants ? null : (
            <div>
              <div className="mb-1 flex items-center justify-between gap-3">
                {values.trackStock ? (
                  <label htmlFor={id('stock')} className="text-sm font-medium text-zinc-800">
                    {FIELD_LABELS.stock}
                  </label>
                ) : (
                  <span className="text-sm font-medium text-zinc-800">{FIELD_LABELS.stock}</span>
                )}
                <span className="flex items-center gap-2">
                  <input
                    id={id('trackStock')}
                    name="trackStock"
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={values.trackStock}
                    onChange={(event) => setTrackStock(event.target.checked)}
                    aria-invalid={errors.trackStock ? true : undefined}
                    aria-describedby={[errors.trackStock ? errorId('trackStock') : null, values.trackStock ? null : id('untracked')].filter(Boolean).join(' ') || undefined}
                  />
                  <label htmlFor={id('trackStock')} className="text-sm text-zinc-800">
                    {FIELD_LABELS.trackStock}
                  </label>
                </span>
              </div>
              {values.trackStock ? (
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
              ) : (
                <p id={id('untracked')} className="rounded-xl border border-dashed border-zinc-300 px-3 py-2.5 text-sm text-zinc-700" data-testid="stock-not-tracked">
                  Not counted: always available for sale.
                </p>
              )}
              <FieldError id={errorId('trackStock')} message={errors.trackStock} />
              {values.trackStock ? <FieldError id={errorId('stock')} message={errors.stock} /> : null}
            </div>
          )}
          {askReason && !withVariants ? (
            <div className="col-span-2">
              <label htmlFor={id('stockNote')} className="label">
                {FIELD_LABELS.stockNote} <span className="font-normal text-zinc-600">(optional)</span>
              </label>
              <input
                id={id('stockNote')}
                name="stockNote"
                className="field"
                value={values.stockNote}
                onChange={set('stockNote')}
                aria-invalid={errors.stockNote ? true : undefined}
                aria-describedby={[id('stockNote-hint'), describedBy('stockNote')].filter(Boolean).join(' ')}
              />
              <p id={id('stockNote-hint')} className="mt-1 text-xs text-zinc-600">
                Kept in the product&apos;s stock history, e.g. &quot;delivery from the distributor&quot; or &quot;2 found damaged&quot;.
              </p>
              <FieldError id={errorId('stockNote')} message={errors.stockNote} />
            </div>
          ) : null}
          {withVariants || !values.trackStock ? null : (
            <div className="col-span-2">
              <label htmlFor={id('lowStockLevel')} className="label">
                {FIELD_LABELS.lowStockLevel} <span className="font-normal text-zinc-600">(optional)</span>
              </label>
              <input
                id={id('lowStockLevel')}
                name="lowStockLevel"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="field max-w-40"
                placeholder="Shop default"
                value={values.lowStockLevel}
                onChange={set('lowStockLevel')}
                aria-invalid={errors.lowStockLevel ? true : undefined}
                aria-describedby={[id('lowStockLevel-hint'), describedBy('lowStockLevel')].filter(Boolean).join(' ')}
              />
              <p id={id('lowStockLevel-hint')} className="mt-1 text-xs text-zinc-600">
                The admins get an email when the stock comes down to this many units. Empty: the shop&apos;s default (Settings → Stock alerts).
              </p>
              <FieldError id={errorId('lowStockLevel')} message={errors.lowStockLevel} />
            </div>
          )}
          {(withVariants ? [] : (['price', 'sellingPrice'] as const)).map((field) => (
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

        <ImageUploader images={images} error={errors.productImage} />

        <OptionsEditor draft={variantsDraft} error={variantsDraft.cellErrors.options} />
        {withVariants ? <VariantGrid draft={variantsDraft} pictures={images.urls} error={variantsDraft.cellErrors.variants} attributes={gridAttributes} /> : null}

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

        <SpecificationsFields draft={specsDraft} error={errors.specs} />

        <fieldset className="rounded-xl border border-zinc-200 px-4 pt-2 pb-4" data-testid="legal-details">
          <legend className="px-1 text-sm font-semibold text-zinc-900">Legal details</legend>
          <p className="mb-3 text-xs text-zinc-600">Shown on the product page, as the Legal Metrology rules ask of every product on sale.</p>
          <div className="grid grid-cols-2 gap-4">
            {factField('countryOfOrigin', { list: id('countries'), hint: 'Where it was made. Anywhere but India needs the importer.' })}
            <datalist id={id('countries')}>
              {COUNTRY_SUGGESTIONS.map((country) => (
                <option key={country} value={country} />
              ))}
            </datalist>
            {factField('netQuantity', { hint: 'e.g. 1 N: handset, USB-C cable, SIM ejector' })}
            {factField('manufacturerName')}
            {factField('manufacturerAddress')}
            {imported ? factField('importerName') : null}
            {imported ? factField('importerAddress') : null}
            {factField('warrantyMonths', { inputMode: 'numeric', hint: 'Months; 0 for no warranty.' })}
            {noWarranty ? null : factField('warrantyBy', { hint: 'e.g. Samsung India (manufacturer), or the seller' })}
          </div>
        </fieldset>

        <fieldset className="rounded-xl border border-zinc-200 px-4 pt-2 pb-4">
          <legend className="px-1 text-sm font-semibold text-zinc-900">Tax (optional)</legend>
          <p className="mb-3 text-xs text-zinc-600">Leave empty to use the category&apos;s HSN code and GST rate (Settings).</p>
          <div className="grid grid-cols-2 gap-4">
            <div>
              <label htmlFor={id('hsnCode')} className="label">
                {FIELD_LABELS.hsnCode}
              </label>
              <input
                id={id('hsnCode')}
                name="hsnCode"
                className="field"
                inputMode="numeric"
                maxLength={8}
                placeholder={categoryTax?.hsn ?? 'Category’s'}
                value={values.hsnCode}
                onChange={set('hsnCode')}
                aria-invalid={errors.hsnCode ? true : undefined}
                aria-describedby={describedBy('hsnCode')}
              />
              <FieldError id={errorId('hsnCode')} message={errors.hsnCode} />
            </div>
            <div>
              <label htmlFor={id('gstRate')} className="label">
                {FIELD_LABELS.gstRate}
              </label>
              <select
                id={id('gstRate')}
                name="gstRate"
                className="field"
                value={values.gstRate}
                onChange={set('gstRate')}
                aria-invalid={errors.gstRate ? true : undefined}
                aria-describedby={describedBy('gstRate')}
              >
                <option value="">{categoryTax ? `Category’s rate (${formatGstRate(categoryTax.rateBasisPoints)})` : 'Category’s rate'}</option>
                {GST_RATE_OPTIONS.map((rate) => (
                  <option key={rate.value} value={rate.value}>
                    {rate.label}
                  </option>
                ))}
              </select>
              <FieldError id={errorId('gstRate')} message={errors.gstRate} />
            </div>
          </div>
        </fieldset>

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
