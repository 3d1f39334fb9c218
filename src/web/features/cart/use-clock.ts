import { useEffect, useState } from 'react';

/**
 * The browser's clock, read after the first render and renewed every `intervalMs`, so "We are closed
 * now" and the pickup times follow the time in a sheet left open. Null until read: a render never
 * reads the time itself (the server's render of `/` could not know it).
 */
export function useClock(intervalMs = 30_000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
