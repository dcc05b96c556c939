import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../icons';

export interface BottomSheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons kept in view under the scrolling content (e.g. Clear and Show results). */
  footer?: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A phone's bottom sheet: a native <dialog> opened with showModal(), so the browser keeps focus
 * inside, makes the page behind inert, names it by its heading and turns Escape into `cancel`.
 * The parent mounts it to open it and unmounts it to close it; focus then goes back to whatever
 * opened it. A tap on the backdrop closes it too, and the page behind does not scroll meanwhile.
 * It slides up unless the shopper asked for reduced motion.
 */
export function BottomSheet({ title, onClose, children, footer }: BottomSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Kept in a ref so a parent re-render with a new closure does not reopen the sheet.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  // Where the press that ends in a click began: a drag from the sheet out onto the backdrop
  // (selecting text, a missed swipe) ends in a click on the dialog too, and must not close it.
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A modal dialog makes the page inert but still lets it scroll under the finger.
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      // jsdom has no showModal: the open attribute and moving focus in is the closest it gets.
      dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // The dialog's own box is covered by its content, so a click that lands on the dialog
      // itself is on the backdrop.
      className="mx-0 mb-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-hidden rounded-t-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 motion-safe:animate-sheet-up"
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
        pressedOnBackdrop.current = false;
        if (onBackdrop) onCloseRef.current();
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        // The parent decides: it unmounts the sheet, which closes it.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="flex max-h-[85dvh] flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-zinc-200 py-1 pl-5 pr-2">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button type="button" className="icon-btn size-11" aria-label="Close" onClick={() => onCloseRef.current()}>
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
        {footer ? <div className="flex gap-3 border-t border-zinc-200 px-5 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3">{footer}</div> : null}
      </div>
    </dialog>
  );
}
