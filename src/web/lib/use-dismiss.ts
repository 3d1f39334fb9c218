import { type RefObject, useEffect } from 'react';

/**
 * A popover's way out (the phone account menu, the notifications bell): while `open`, a press outside
 * `ref` closes it, and Escape closes it and gives focus back to `focusOnEscape` (its button).
 */
export function useDismiss(
  open: boolean,
  ref: RefObject<HTMLElement | null>,
  close: () => void,
  focusOnEscape: () => HTMLElement | null | undefined,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      focusOnEscape()?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, ref, close, focusOnEscape]);
}
