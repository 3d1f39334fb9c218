import { useEffect } from 'react';

/**
 * Sets the tab title: "Menu Management | Brigade", or the text alone with `exact` (the guests' page
 * carries the restaurant's name alone, as its server-rendered HTML does). An effect rather than a
 * `<title>` element, so a server-rendered page and its hydration agree: the HTML's own `<title>` (in the
 * head, where link previews read it) is the one the effect updates.
 */
export function DocumentTitle({ title, exact = false }: { title: string; exact?: boolean }) {
  const text = exact || title === 'Brigade' ? title : `${title} | Brigade`;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
