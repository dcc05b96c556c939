import type { ChangeEvent } from 'react';
import { UserIcon } from '../../../components/icons';
import { FieldError } from '../../../components/ui/field-error';
import { errorMessage } from '../../../lib/trpc';

/** The server takes photos up to 5 MB; saying so before the upload saves a slow round trip. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'));
    reader.readAsDataURL(file);
  });
}

export interface PhotoPickerProps {
  /** The file input's id (its label is the visible "choose" button). */
  id: string;
  /** What the preview shows: a data URL or the address of the saved photo; '' for the default avatar. */
  src: string;
  /** The choose button's words, e.g. "Change photo". */
  chooseLabel: string;
  /** A chosen photo, read as a data URL (the form sends it as it is). */
  onPick: (dataUrl: string) => void;
  /** Absent when there is no photo to remove. */
  onRemove: (() => void) | undefined;
  error: string | undefined;
  /** A file too large or unreadable (a message), or null once a photo was read. */
  onError: (message: string | null) => void;
}

/** A round photo preview with a file chooser and "Remove photo"; the chosen file comes back as a data URL. */
export function PhotoPicker({ id, src, chooseLabel, onPick, onRemove, error, onError }: PhotoPickerProps) {
  const errorId = `${id}-error`;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire another change.
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      onError('The photo must be at most 5 MB.');
      return;
    }
    try {
      onPick(await readAsDataUrl(file));
      onError(null);
    } catch (failure) {
      onError(errorMessage(failure, 'Could not read the photo'));
    }
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative size-24 overflow-hidden rounded-full bg-brand-50 text-brand-700">
        {src ? (
          <img src={src} alt="Profile photo preview" className="size-full object-cover" width={96} height={96} />
        ) : (
          <UserIcon className="m-auto size-full p-5" data-testid="default-avatar" />
        )}
      </div>
      <label htmlFor={id} className="btn-outline min-h-9 cursor-pointer px-3 text-xs focus-within:outline-3 focus-within:outline-brand-600">
        {chooseLabel}
        <input id={id} name="profilePic" type="file" accept={PHOTO_TYPES} className="sr-only" onChange={onChange} aria-describedby={error ? errorId : undefined} />
      </label>
      {onRemove ? (
        <button type="button" className="min-h-9 px-2 text-xs font-medium text-zinc-700 underline" onClick={onRemove}>
          Remove photo
        </button>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
