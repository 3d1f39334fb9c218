import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether `query` (a CSS media query such as `(min-width: 80rem)`) matches now, kept up to date as
 * the window is resized or a tablet turned. The server's render and a browser without `matchMedia`
 * see `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
