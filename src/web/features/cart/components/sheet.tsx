import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

interface SheetProps {
  /** Called when the guest closes it: Escape, the close button, or a tap beside it. */
  onClose: () => void;
  /** The id of the sheet's heading (its accessible name). */
  labelledBy: string;
  /** The content, which scrolls; a `SheetFooter` at its end stays in view. */
  children: ReactNode;
  /** While true (an order is being placed), Escape and a tap beside it do not close it. */
  busy?: boolean;
  /** The close button sits on a photo: drawn on a white disc. */
  closeOnPhoto?: boolean;
}

/**
 * The guest's dish and cart panels on `/`: a sheet that rises from the bottom of a phone (thumb
 * reach, the page's top still visible) and a centred panel on a wider screen. Built on the native
 * modal `<dialog>` like `components/ui/dialog`: the browser traps focus and makes the page inert.
 * Mounted only while open (the parent renders it or not); focus goes back where it was on close.
 */
export function Sheet({ onClose, labelledBy, children, busy = false, closeOnPhoto = false }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may have gone (a line removed): then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it (the native dialog's cancel); the tap beside is extra.
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCloseRef.current();
      }}
      onClose={() => {
        // Closed by the browser itself (a repeated Escape it no longer lets the page refuse).
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A tap on the backdrop reaches the dialog element itself (its content fills it).
        if (event.target === event.currentTarget && !busy) onCloseRef.current();
      }}
      className={clsx(
        'fixed inset-x-0 top-auto bottom-0 m-0 max-h-[92dvh] w-full max-w-none overflow-hidden rounded-t-3xl bg-white p-0 text-neutral-900 shadow-2xl',
        'backdrop:bg-neutral-950/50',
        'sm:inset-0 sm:m-auto sm:max-h-[min(90dvh,52rem)] sm:w-[calc(100%-3rem)] sm:max-w-lg sm:rounded-2xl',
      )}
    >
      <div className="relative flex max-h-[92dvh] flex-col sm:max-h-[min(90dvh,52rem)]">
        <button
          type="button"
          onClick={() => onCloseRef.current()}
          disabled={busy}
          aria-label="Close"
          className={clsx(
            'absolute top-3 right-3 z-10 flex size-10 items-center justify-center rounded-full text-neutral-700 transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 disabled:opacity-50',
            closeOnPhoto
              ? 'bg-white/90 shadow-md hover:bg-white'
              : 'hover:bg-neutral-100 hover:text-neutral-950',
          )}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">{children}</div>
      </div>
    </dialog>
  );
}

/** The sheet's main action, kept at the bottom of the screen while the content above it scrolls. */
export function SheetFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-[5] mt-auto border-t border-neutral-200 bg-white px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
      {children}
    </div>
  );
}
