import { useEffect, useState } from 'react';

/**
 * Which printout is in the page. Each print copy (receipt, kitchen ticket) hides everything else when
 * printing, so one is in the page at a time: `initial` (also what the browser's own Print prints), or
 * the one a button asked for until the print dialog closes. Asking for the copy already in the page
 * prints at once; another copy is swapped in first and printed once it is rendered.
 */
export function usePrintCopy<Copy extends string>(initial: Copy) {
  const [copy, setCopy] = useState<Copy>(initial);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) window.print();
  }, [requests]);
  useEffect(() => {
    const back = () => setCopy(initial);
    window.addEventListener('afterprint', back);
    return () => window.removeEventListener('afterprint', back);
  }, [initial]);
  return {
    copy,
    print: (next: Copy) => {
      if (next === copy) {
        window.print();
        return;
      }
      setCopy(next);
      setRequests((count) => count + 1);
    },
  };
}
