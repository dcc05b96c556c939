import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { imageRenditionUrl } from '../../../../shared/images';
import { PRODUCT_IMAGES_MAX } from '../../../../shared/schemas/catalog';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, PlusIcon } from '../../../components/icons';
import { ModalDialog } from './modal-dialog';
import type { ImageSlot, ImageSlots } from './use-image-slots';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

export interface ImageUploaderProps {
  /** The product's images and their uploads (useImageSlots, held by the form). */
  images: ImageSlots;
  /** A message about the images (the form's check or the server's), shown under them. */
  error?: string | undefined;
}

/**
 * Product images: pick one or more files at a time; each gets its own slot at once, in the
 * order picked, with a local preview and its progress, and its upload fills that slot when it
 * ends (a failed one offers Retry and Remove). The order is the product's: drag an image to
 * move it, or use its Move left / Move right buttons (touch screens and keyboards); the first is
 * the cover. Every uploaded image can be opened in a full preview. The red hint
 * (PLEASE_UPLOAD_IMAGE, the form's `error`) shows while there is no image at all, once the owner
 * has tried to save.
 */
export function ImageUploader({ images, error }: ImageUploaderProps) {
  const { slots } = images;
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const hintId = `${baseId}-hint`;
  const orderHintId = `${baseId}-order`;
  const [problems, setProblems] = useState<string[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The Move button that was pressed, to focus again once its slot has moved: moving a DOM
  // node drops the focus, and a keyboard user would be sent back to the top of the dialog.
  const refocus = useRef<{ key: string; side: 'left' | 'right' } | null>(null);
  const moveButtonId = (key: string, side: 'left' | 'right') => `${baseId}-${key}-${side}`;

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const button = document.getElementById(moveButtonId(wanted.key, wanted.side));
    // At either end that button is disabled; its partner is the one that can still act.
    const other = document.getElementById(moveButtonId(wanted.key, wanted.side === 'left' ? 'right' : 'left'));
    (button instanceof HTMLButtonElement && !button.disabled ? button : other)?.focus();
  });

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const added = images.add(files);
    setProblems(added < files.length ? [`A product can have at most ${PRODUCT_IMAGES_MAX} images.`] : []);
  };

  const moveTo = (key: string, index: number) => {
    images.move(key, index);
    const position = Math.min(Math.max(index, 0), slots.length - 1) + 1;
    setAnnouncement(`Image moved to position ${position} of ${slots.length}${position === 1 ? ', the cover' : ''}.`);
  };

  const onMoveButton = (key: string, index: number, side: 'left' | 'right') => {
    refocus.current = { key, side };
    moveTo(key, side === 'left' ? index - 1 : index + 1);
  };

  // Only our own slots are dragged here; a file dragged in from the desktop is left alone.
  const dragHandlers = (slot: ImageSlot, index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLLIElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only when it carries some data.
      event.dataTransfer.setData('text/plain', `Image ${index + 1}`);
      setDragged(slot.key);
    },
    onDragOver: (event: DragEvent<HTMLLIElement>) => {
      if (dragged === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropTarget(slot.key);
    },
    onDragLeave: (event: DragEvent<HTMLLIElement>) => {
      // Leaving for one of the slot's own children is not leaving the slot.
      if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
      setDropTarget((current) => (current === slot.key ? null : current));
    },
    onDrop: (event: DragEvent<HTMLLIElement>) => {
      if (dragged === null) return;
      event.preventDefault();
      if (dragged !== slot.key) moveTo(dragged, index);
      setDragged(null);
      setDropTarget(null);
    },
    onDragEnd: () => {
      setDragged(null);
      setDropTarget(null);
    },
  });

  const full = slots.length >= PRODUCT_IMAGES_MAX;
  const last = slots.length - 1;

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={slots.length === 0 ? (error ? hintId : undefined) : slots.length > 1 ? orderHintId : undefined}>
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

      {slots.length > 0 ? (
        <>
          {slots.length > 1 ? (
            <p id={orderHintId} className="text-xs text-zinc-600">
              The first image is the cover. Drag an image, or use its arrows, to change the order.
            </p>
          ) : null}
          <ul className="flex flex-wrap gap-3" aria-label="Product images" data-testid="product-images">
            {slots.map((slot, i) => {
              const n = i + 1;
              return (
                <li
                  key={slot.key}
                  className={`flex w-24 flex-col gap-1 rounded-lg ${dragged === slot.key ? 'opacity-50' : ''} ${dropTarget === slot.key && dragged !== slot.key ? 'outline-2 outline-offset-2 outline-brand-600' : ''}`}
                  data-status={slot.status}
                  {...dragHandlers(slot, i)}
                >
                  <div className="relative size-24">
                    {slot.status === 'done' ? (
                      <button
                        type="button"
                        className="block size-full cursor-grab overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100"
                        onClick={() => setPreview(slot.url)}
                        aria-label={`Preview image ${n}`}
                      >
                        <img src={imageRenditionUrl(slot.url, 320)} alt="" width={96} height={96} draggable={false} className="size-full object-contain mix-blend-multiply" />
                      </button>
                    ) : (
                      <PendingImage slot={slot} />
                    )}
                    {i === 0 ? <span className="absolute bottom-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-[11px] font-semibold text-white shadow">Cover</span> : null}
                    <button
                      type="button"
                      className="absolute -right-2 -top-2 flex size-6 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
                      onClick={() => images.remove(slot.key)}
                      aria-label={`Remove image ${n}`}
                    >
                      <CloseIcon className="size-3.5" />
                    </button>
                  </div>
                  {slot.status === 'failed' ? (
                    <>
                      <p role="alert" className="line-clamp-3 text-xs font-medium break-words text-red-700" title={slot.message}>
                        {slot.name}: {slot.message}
                      </p>
                      <button
                        type="button"
                        className="rounded-md border border-zinc-300 px-2 py-1 text-xs font-semibold hover:bg-zinc-100"
                        onClick={() => images.retry(slot.key)}
                        aria-label={`Retry image ${n}`}
                      >
                        Retry
                      </button>
                    </>
                  ) : null}
                  {slots.length > 1 ? (
                    <div className="flex justify-between">
                      <button
                        id={moveButtonId(slot.key, 'left')}
                        type="button"
                        className="flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 disabled:opacity-30"
                        onClick={() => onMoveButton(slot.key, i, 'left')}
                        disabled={i === 0}
                        aria-label={`Move image ${n} left`}
                      >
                        <ChevronLeftIcon className="size-4" />
                      </button>
                      <button
                        id={moveButtonId(slot.key, 'right')}
                        type="button"
                        className="flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 disabled:opacity-30"
                        onClick={() => onMoveButton(slot.key, i, 'right')}
                        disabled={i === last}
                        aria-label={`Move image ${n} right`}
                      >
                        <ChevronRightIcon className="size-4" />
                      </button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : error ? (
        // Only once the owner has tried to save without one: a red warning on a dialog just opened scolds them before they began.
        <p id={hintId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {[...problems, ...(error && slots.length > 0 ? [error] : [])].map((problem) => (
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

/** A picked file's slot before its upload is done: the local preview, with its progress or why it failed. */
function PendingImage({ slot }: { slot: Extract<ImageSlot, { status: 'uploading' | 'failed' }> }) {
  const percent = slot.status === 'uploading' ? Math.round(slot.progress * 100) : 0;
  return (
    <div className={`relative size-full overflow-hidden rounded-lg border bg-zinc-100 ${slot.status === 'failed' ? 'border-red-600' : 'border-zinc-200'}`}>
      <img src={slot.preview} alt="" width={96} height={96} draggable={false} className="size-full object-contain opacity-50" />
      {slot.status === 'uploading' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-2">
          <span className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" aria-hidden="true" />
          <progress className="h-1.5 w-full accent-brand-700" max={100} value={percent} aria-label={`Uploading ${slot.name}`} />
          <span className="text-[11px] font-semibold tabular-nums text-zinc-800">{percent}%</span>
        </div>
      ) : (
        <span className="absolute inset-x-0 top-1 text-center text-[11px] font-semibold text-red-800">Upload failed</span>
      )}
    </div>
  );
}
