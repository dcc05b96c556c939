import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { imageRenditionUrl } from '../../../../shared/images';
import { BannerInputSchema, type AdminBanner } from '../../../../shared/schemas/catalog';
import { FieldError } from '../../../components/ui/field-error';
import { fieldSentence, issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useSaveBanner } from '../api/use-admin-banners';
import { IMAGE_TYPES } from './image-uploader';
import { ModalDialog } from './modal-dialog';
import { useImageSlots } from './use-image-slots';

export type BannerKind = AdminBanner['kind'];

/**
 * The two carousels and the picture each wants. The sizes are those the home page shows them at
 * (src/components/banner/banner-carousel.tsx: 24:7 from 768 px up, square on phones) and the
 * demo banners' own: a picture of another shape is cropped to fit.
 */
export const BANNER_KINDS: readonly { kind: BannerKind; label: string; size: string; shape: string }[] = [
  { kind: 'desktop', label: 'Desktop', size: '1920 × 560 pixels', shape: 'wide' },
  { kind: 'mobile', label: 'Phone', size: '800 × 800 pixels', shape: 'square' },
];

export const BANNER_ADDED_MESSAGE = 'Banner added';
export const BANNER_SAVED_MESSAGE = 'Banner saved';
export const CHOOSE_BANNER_IMAGE = 'Choose a picture for the banner.';
const RETRY_OR_CHOOSE_ANOTHER = 'The picture did not upload: retry, or choose another.';

type Field = 'kind' | 'imageUrl' | 'alt' | 'link' | 'hidden';
const FIELD_LABELS: Record<Field, string> = { kind: 'Carousel', imageUrl: 'Picture', alt: 'Alt text', link: 'Link', hidden: 'Hidden' };

/** Messages by field, with any about something the form does not show (bannerId, the whole form) together under `form`. */
function byFormField(messages: Record<string, string>): Partial<Record<Field | 'form', string>> {
  const errors: Partial<Record<Field | 'form', string>> = {};
  const other: string[] = [];
  for (const [path, text] of Object.entries(messages)) {
    const field = path.split('.')[0] ?? path;
    if (Object.hasOwn(FIELD_LABELS, field)) errors[field as Field] ??= text;
    else other.push(text);
  }
  if (other.length > 0) errors.form = other.join(' ');
  return errors;
}

/**
 * "Add banner" (no `banner`) and "Edit banner": which carousel, the picture (uploaded at once
 * through the shop's image upload, as product images are, with a preview), its alt text, where a
 * tap leads, and whether it is hidden. The shared BannerInputSchema checks the form before it is
 * sent; its messages and the server's show beside their fields until that field is edited.
 */
export function BannerFormDialog({ banner, initialKind = 'desktop', onClose }: { banner?: AdminBanner; initialKind?: BannerKind; onClose: () => void }) {
  const editing = banner !== undefined;
  const formId = useId();
  const [kind, setKind] = useState<BannerKind>(banner?.kind ?? initialKind);
  const [alt, setAlt] = useState(banner?.alt ?? '');
  const [link, setLink] = useState(banner?.link ?? '');
  const [hidden, setHidden] = useState(banner?.hidden ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const images = useImageSlots(banner ? [banner.imageUrl] : []);
  const slot = images.slots.at(-1);
  const imageUrl = slot?.status === 'done' ? slot.url : '';
  const save = useSaveBanner();

  const clear = (field: Field) => setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // One picture per banner: a new one replaces the old (and cancels its upload if it is still running).
    for (const old of images.slots) images.remove(old.key);
    images.add([file]);
    clear('imageUrl');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (images.busy) return;
    const values = { ...(banner ? { bannerId: banner._id } : {}), kind, imageUrl, alt, link, hidden };
    const parsed = BannerInputSchema.safeParse(values);
    if (!parsed.success || !imageUrl) {
      const problems = parsed.success ? {} : byFormField(issuesByField(parsed.error));
      if (!imageUrl) problems.imageUrl = images.failed ? RETRY_OR_CHOOSE_ANOTHER : CHOOSE_BANNER_IMAGE;
      setErrors(problems);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length > 0 ? byFormField(byField) : { form: errorMessage(error) });
      return;
    }
    toast.success(editing ? BANNER_SAVED_MESSAGE : BANNER_ADDED_MESSAGE);
    onClose();
  };

  const id = (field: string) => `${formId}-${field}`;
  const errorId = (field: Field) => `${formId}-${field}-error`;
  const message = (field: Field) => fieldSentence(FIELD_LABELS[field], errors[field]);
  const describedBy = (field: Field, ...others: string[]) => [...others, errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined;
  const title = editing ? 'Edit banner' : 'Add banner';
  const chosen = BANNER_KINDS.find((k) => k.kind === kind) ?? BANNER_KINDS[0]!;

  return (
    <ModalDialog title={title} onClose={onClose} widthClassName="max-w-2xl">
      <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label={title}>
        <fieldset aria-describedby={describedBy('kind')}>
          <legend className="label">{FIELD_LABELS.kind}</legend>
          <div className="grid grid-cols-2 gap-3">
            {BANNER_KINDS.map((option) => (
              <label
                key={option.kind}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 ${kind === option.kind ? 'border-brand-700 bg-brand-50' : 'border-zinc-300'}`}
              >
                <input
                  type="radio"
                  name={`${formId}-kind`}
                  value={option.kind}
                  checked={kind === option.kind}
                  onChange={() => {
                    setKind(option.kind);
                    clear('kind');
                  }}
                  className="mt-1 size-4 accent-brand-700"
                  aria-describedby={id(`size-${option.kind}`)}
                />
                <span>
                  <span className="block text-sm font-semibold">{option.label}</span>
                  <span id={id(`size-${option.kind}`)} className="block text-xs text-zinc-600">
                    {option.shape === 'wide' ? 'Wide' : 'Square'}: {option.size} recommended
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={errorId('kind')} message={message('kind')} />
        </fieldset>

        <div>
          <span className="label">{FIELD_LABELS.imageUrl}</span>
          <div
            className={`relative w-full overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 ${kind === 'desktop' ? 'aspect-[24/7]' : 'mx-auto aspect-square max-w-64'}`}
          >
            {slot?.status === 'done' ? (
              <img src={imageRenditionUrl(slot.url, 640)} alt="" className="size-full object-cover" data-testid="banner-image-preview" />
            ) : slot ? (
              <>
                <img src={slot.preview} alt="" className="size-full object-cover opacity-50" data-testid="banner-image-preview" />
                {slot.status === 'uploading' ? (
                  <div className="absolute inset-x-4 bottom-3 flex items-center gap-2">
                    <progress className="h-2 flex-1 accent-brand-700" max={100} value={Math.round(slot.progress * 100)} aria-label={`Uploading ${slot.name}`} />
                    <span className="text-xs font-semibold tabular-nums text-zinc-900">{Math.round(slot.progress * 100)}%</span>
                  </div>
                ) : (
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/70 p-3 text-center">
                    <p role="alert" className="text-sm font-medium text-red-800">
                      {slot.name}: {slot.message}
                    </p>
                    <button type="button" className="btn-outline min-h-8 px-3 text-xs" onClick={() => images.retry(slot.key)}>
                      Retry upload
                    </button>
                  </div>
                )}
              </>
            ) : (
              <p className="flex size-full items-center justify-center p-3 text-center text-sm text-zinc-600">No picture yet</p>
            )}
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <label htmlFor={id('image')} className="btn-outline cursor-pointer focus-within:outline-3 focus-within:outline-brand-600">
              {slot ? 'Choose another picture' : 'Choose a picture'}
              <input
                id={id('image')}
                type="file"
                accept={IMAGE_TYPES}
                className="sr-only"
                onChange={onFile}
                aria-describedby={describedBy('imageUrl', id('image-hint'))}
                aria-invalid={errors.imageUrl ? true : undefined}
                data-testid="banner-image-input"
              />
            </label>
            <p id={id('image-hint')} className="text-xs text-zinc-600">
              {chosen.label} banner: {chosen.size}, PNG, JPEG, WebP, GIF or AVIF up to 5 MB.
            </p>
          </div>
          <FieldError id={errorId('imageUrl')} message={message('imageUrl')} />
        </div>

        <div>
          <label htmlFor={id('alt')} className="label">
            {FIELD_LABELS.alt}
          </label>
          <input
            id={id('alt')}
            className="field"
            value={alt}
            maxLength={200}
            onChange={(event) => {
              setAlt(event.target.value);
              clear('alt');
            }}
            required
            aria-invalid={errors.alt ? true : undefined}
            aria-describedby={describedBy('alt', id('alt-hint'))}
          />
          <p id={id('alt-hint')} className="mt-1 text-xs text-zinc-600">
            What the banner says, for people who cannot see it, e.g. &quot;Diwali sale: up to 40% off phones&quot;.
          </p>
          <FieldError id={errorId('alt')} message={message('alt')} />
        </div>

        <div>
          <label htmlFor={id('link')} className="label">
            {FIELD_LABELS.link}
          </label>
          <input
            id={id('link')}
            className="field"
            value={link}
            maxLength={500}
            inputMode="url"
            placeholder="/product-category?category=mobiles"
            onChange={(event) => {
              setLink(event.target.value);
              clear('link');
            }}
            required
            aria-invalid={errors.link ? true : undefined}
            aria-describedby={describedBy('link', id('link-hint'))}
          />
          <p id={id('link-hint')} className="mt-1 text-xs text-zinc-600">
            Where a tap on the banner leads: a page of the shop starting with / or an https:// address.
          </p>
          <FieldError id={errorId('link')} message={message('link')} />
        </div>

        <div>
          <div className="flex items-center gap-2">
            <input
              id={id('hidden')}
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={hidden}
              onChange={(event) => {
                setHidden(event.target.checked);
                clear('hidden');
              }}
              aria-invalid={errors.hidden ? true : undefined}
              aria-describedby={describedBy('hidden', id('hidden-hint'))}
            />
            <label htmlFor={id('hidden')} className="text-sm font-medium text-zinc-800">
              {FIELD_LABELS.hidden}
            </label>
          </div>
          <p id={id('hidden-hint')} className="mt-1 text-xs text-zinc-600">
            A hidden banner stays on this page but is left out of the carousel.
          </p>
          <FieldError id={errorId('hidden')} message={message('hidden')} />
        </div>

        {errors.form ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {errors.form}
          </p>
        ) : null}

        <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending || images.busy}>
            {images.busy ? 'Waiting for the upload…' : save.isPending ? 'Saving…' : editing ? 'Save banner' : 'Add banner'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
