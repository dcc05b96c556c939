import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons';

export interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind width class of the panel. */
  widthClassName?: string;
  /** Extra line under the title. */
  description?: ReactNode;
}

/**
 * A modal built on the native <dialog> opened with showModal(): the browser keeps focus
 * inside, makes the page behind inert and turns Escape into a `cancel` event. The parent
 * mounts it to open it and unmounts it to close it; focus goes back to whatever opened it.
 */
export function ModalDialog({ title, onClose, children, widthClassName = 'max-w-lg', description }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Kept in a ref so a parent re-render with a new closure does not reopen the dialog.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the open attribute is the closest it can show.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-2rem)] ${widthClassName} rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50`}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up its tree: Escape on an image preview inside
        // the product dialog must close the preview only.
        if (event.target !== event.currentTarget) return;
        // The parent decides: it unmounts the dialog, which closes it.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="flex max-h-[90dvh] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-0.5 text-sm text-zinc-600">
                {description}
              </div>
            ) : null}
          </div>
          <button type="button" className="icon-btn -mr-2 shrink-0" aria-label="Close" onClick={() => onCloseRef.current()}>
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
      </div>
    </dialog>
  );
}
