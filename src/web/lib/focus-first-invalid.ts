import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A field showing a problem: a control marked `aria-invalid="true"` (every `Field` does that while it
 * shows its message), or a group of controls marked `data-invalid` (`ChoiceChips`), where the group's
 * first control stands for it.
 */
const INVALID = '[aria-invalid="true"], [data-invalid]';
const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** What `focusFirstInvalid` did: focused a field, found none, or found one it cannot focus yet. */
export type FocusOutcome = 'focused' | 'none' | 'disabled';

/**
 * Moves the focus to the first field in `container` that shows a problem, in document order, and
 * scrolls it into view. A field that is disabled (a form disables its fields while a request runs)
 * cannot take the focus: the caller may try again once it is enabled.
 */
export function focusFirstInvalid(container: ParentNode | null | undefined): FocusOutcome {
  const invalid = container?.querySelector<HTMLElement>(INVALID);
  if (!invalid) return 'none';
  const target = invalid.matches(FOCUSABLE)
    ? invalid
    : (invalid.querySelector<HTMLElement>(FOCUSABLE) ?? invalid);
  if (target.matches(':disabled')) return 'disabled';
  target.focus();
  return 'focused';
}

/**
 * A form that gives the focus to its first field with a problem after a refused submit. Put `ref` on
 * the `<form>` and call `focusFirstInvalid()` where the submit is refused, in the same event that
 * makes the messages show: the focus moves once they are on the page (after React's commit, not on a
 * guess about timing). While the first such field is still disabled by a running request, it is
 * tried again after each render until it can take the focus; the next request forgets it.
 */
export function useFocusFirstInvalid() {
  const ref = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  const [, setRequests] = useState(0);

  // After every commit: the messages of this render are on the page, and fields may be enabled again.
  useEffect(() => {
    if (!pending.current) return;
    if (focusFirstInvalid(ref.current) !== 'disabled') pending.current = false;
  });

  const request = useCallback(() => {
    pending.current = true;
    // A render of its own, so the effect runs even when the messages were already showing.
    setRequests((count) => count + 1);
  }, []);
  const cancel = useCallback(() => {
    pending.current = false;
  }, []);

  return { ref, focusFirstInvalid: request, cancelFocus: cancel };
}
