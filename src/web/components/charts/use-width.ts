import { useEffect, useRef, useState } from 'react';

/**
 * The width the element is given, kept up to date: the charts are drawn in real pixels (text stays
 * sharp, bars keep their gaps), so they are drawn again when their card gets narrower or wider.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
