import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { imageRenditionUrl } from '../../../../shared/images';
import { PRODUCT_IMAGES_MAX } from '../../../../shared/schemas/catalog';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/trpc';
import { uploadImage } from '../api/upload-image';
import { ModalDialog } from './modal-dialog';
import { PLEASE_UPLOAD_IMAGE } from './product-form';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

type Upload = { key: number; name: string; progress: number };

export interface ImageUploaderProps {
  /** The product's image URLs, in order. */
  images: string[];
  onChange: (update: (images: string[]) => string[]) => void;
  /** Tells the form whether an upload is still running (saving waits for it). */
  onBusyChange: (busy: boolean) => void;
  /** A server message about the images, shown under them. */
  error?: string | undefined;
}

/**
 * Product images: pick one or more files at a time, each uploaded to the shop with its own
 * progress bar; every image can be removed or opened in a full preview. The red hint shows
 * while there is no image at all.
 */
export function ImageUploader({ images, onChange, onBusyChange, error }: ImageUploaderProps) {
  const inputId = useId();
  const hintId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const nextKey = useRef(0);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => {
    onBusyChange(uploads.length > 0);
  }, [uploads.length, onBusyChange]);

  // Closing the dialog mid-upload stops the transfers.
  useEffect(() => () => aborter.current?.abort(), []);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const room = PRODUCT_IMAGES_MAX - images.length - uploads.length;
    const accepted = files.slice(0, Math.max(0, room));
    setProblems(accepted.length < files.length ? [`A product can have at most ${PRODUCT_IMAGES_MAX} images.`] : []);
    aborter.current ??= new AbortController();
    const signal = aborter.current.signal;
    for (const file of accepted) {
      const key = nextKey.current++;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      uploadImage(file, (progress) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))), signal)
        .then((url) => onChange((current) => [...current, url]))
        .catch((failure: unknown) => {
          if (failure instanceof DOMException && failure.name === 'AbortError') return;
          setProblems((list) => [...list, `${file.name}: ${errorMessage(failure)}`]);
        })
        .finally(() => setUploads((list) => list.filter((u) => u.key !== key)));
    }
  };

  const full = images.length + uploads.length >= PRODUCT_IMAGES_MAX;

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={images.length === 0 ? hintId : undefined}>
      <legend className="label">Product Image</legend>
      <label
        htmlFor={inputId}
        className={`flex h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-zinc-300 bg-zinc-50 text-sm text-zinc-700 focus-within:outline-3 focus-within:outline-brand-600 hover:bg-zinc-100 ${full ? 'pointer-events-none opacity-50' : ''}`}
      >
        <PlusIcon className="size-6" />
        <span className="font-semibold">Add product images</span>
        <span className="text-xs text-zinc-600">PNG, JPEG, WebP, GIF or AVIF; several at a time</span>
        <input id={inputId} type="file" accept={IMAGE_TYPES} multiple className="sr-only" onChange={onFiles} disabled={full} data-testid="product-image-input" />
      </label>

      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Uploads in progress">
          {uploads.map((u) => (
            <li key={u.key} className="flex items-center gap-2 text-xs">
              <span className="w-40 truncate">{u.name}</span>
              <progress className="h-2 flex-1 accent-brand-700" max={100} value={Math.round(u.progress * 100)} aria-label={`Uploading ${u.name}`} />
              <span className="w-10 text-right tabular-nums">{Math.round(u.progress * 100)}%</span>
            </li>
          ))}
        </ul>
      ) : null}

      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Product images" data-testid="product-images">
          {images.map((url, i) => (
            <li key={url} className="relative">
              <button
                type="button"
                className="block size-20 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100"
                onClick={() => setPreview(url)}
                aria-label={`Preview image ${i + 1}`}
              >
                <img src={imageRenditionUrl(url, 320)} alt="" width={80} height={80} className="size-full object-contain mix-blend-multiply" />
              </button>
              <button
                type="button"
                className="absolute -right-2 -top-2 flex size-6 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
                onClick={() => onChange((current) => current.filter((u) => u !== url))}
                aria-label={`Remove image ${i + 1}`}
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p id={hintId} className="text-sm font-medium text-red-700">
          {PLEASE_UPLOAD_IMAGE}
        </p>
      )}

      {[...problems, ...(error && images.length > 0 ? [error] : [])].map((problem) => (
        <p key={problem} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ))}

      {preview ? (
        <ModalDialog title="Image preview" onClose={() => setPreview(null)} widthClassName="max-w-4xl">
          <img src={preview} alt="Full size preview of the product image" className="mx-auto max-h-[70dvh] w-auto object-contain" data-testid="image-preview" />
        </ModalDialog>
      ) : null}
    </fieldset>
  );
}
