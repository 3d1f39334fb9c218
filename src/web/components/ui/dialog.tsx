import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

interface DialogProps {
  open: boolean;
  /** Called when the user closes it (Escape, the close button, or the caller's own buttons). */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** While true (a request is running), Escape does not close it. */
  busy?: boolean;
  /**
   * `lg` for a dialog that lays its content out in two columns on a wide screen (the Pay dialog);
   * `screen` for a working view with a long list (a reconciliation): the whole screen on a phone, up
   * to 64rem wide on a larger one.
   */
  size?: 'md' | 'lg' | 'screen';
  /**
   * Kept at the bottom of the dialog while the content above it scrolls: the dialog's main button
   * stays on the screen however long the content (a form's submit button names the form).
   */
  footer?: ReactNode;
}

/**
 * The browser gives focus back to what opened a dialog; when that is gone (the Pay dialog's button
 * disappears once the order is paid), focus would fall to the page's body and a keyboard or screen
 * reader user would start again from the top: it goes to the page's main content instead.
 */
function keepFocusInPage(): void {
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  });
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, closes it on Escape, makes the page
 * behind it inert and gives focus back to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  busy = false,
  size = 'md',
  footer,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  /** `close` events still to come for closes the caller asked for. */
  const closesAskedFor = useRef(0);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      closesAskedFor.current += 1;
      dialog.close();
      keepFocusInPage();
    }
  }, [open]);

  const header = (
    <div className="flex items-start justify-between gap-4">
      <h2 id={titleId} className="text-lg font-semibold tracking-tight text-neutral-950">
        {title}
      </h2>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="-m-1 rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
  const descriptionBlock = description && (
    <div id={descriptionId} className="mt-2 text-sm text-neutral-600">
      {description}
    </div>
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        // The browser fires `close` a task after the dialog closed. A close the caller asked for
        // (`open` became false) is not reported back: if the caller has opened it again in between
        // (Cancel, then the same choice at once), that late event would close the new one.
        if (closesAskedFor.current > 0) {
          closesAskedFor.current -= 1;
          return;
        }
        onClose();
      }}
      className={clsx(
        'm-auto w-[calc(100%-2rem)] rounded-2xl border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-950/40',
        // A form whose buttons stick to the bottom edge (`data-dialog-actions`): a field scrolled
        // into view (focus, typing) stops above them instead of behind them.
        'has-[[data-dialog-actions]]:scroll-pb-36',
        size === 'lg' ? 'max-w-3xl' : size === 'screen' ? 'max-w-5xl' : 'max-w-md',
        footer !== undefined && 'max-h-[calc(100dvh-2rem)] flex-col overflow-hidden open:flex',
        size === 'screen' &&
          'max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-full max-sm:rounded-none max-sm:border-0',
      )}
    >
      {open && footer !== undefined && (
        <>
          <div className="shrink-0 px-6 pt-6">
            {header}
            {descriptionBlock}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-5 pb-6">{children}</div>
          <div className="shrink-0 border-t border-neutral-200 bg-white px-6 py-4">{footer}</div>
        </>
      )}
      {open && footer === undefined && (
        <div className="p-6">
          {header}
          {descriptionBlock}
          <div className="mt-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}
