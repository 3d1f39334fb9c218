import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useLayoutEffect, useRef } from 'react';

interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** While true (a request is running), Escape does not close it. */
  busy?: boolean;
  /** The panel is one form: its body and the footer's buttons submit it. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The panel's `<form>` (a schema form's `formRef`). */
  formRef?: Ref<HTMLFormElement>;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * A large form in a modal panel on the native `<dialog>`: the whole screen on a phone, a panel on the
 * right from tablet width. The header and the buttons stay in view while the body scrolls.
 */
export function SidePanel({
  open,
  onClose,
  title,
  description,
  busy = false,
  onSubmit,
  formRef,
  footer,
  children,
}: SidePanelProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The first field, rather than the close button, gets the focus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Unmounted while open: close it first (still in the page), so the browser gives focus back to what
  // opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
      className="fixed inset-0 m-0 ml-auto h-dvh max-h-none w-full max-w-none border-0 bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-neutral-950/40 sm:max-w-2xl sm:border-l sm:border-neutral-200"
    >
      {open && (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex h-full flex-col">
          <div className="flex shrink-0 items-start justify-between gap-4 border-b border-neutral-200 px-4 py-4 sm:px-6">
            <div className="min-w-0">
              <h2 id={titleId} className="truncate text-lg font-semibold tracking-tight text-neutral-950">
                {title}
              </h2>
              {description && <div className="mt-0.5 text-sm text-neutral-600">{description}</div>}
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              aria-label="Close"
              className="-m-1 rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-950 disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-6 sm:px-6">{children}</div>
          <div className="shrink-0 border-t border-neutral-200 bg-neutral-50 px-4 py-3 sm:px-6">{footer}</div>
        </form>
      )}
    </dialog>
  );
}
