import { useCallback, useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { HUMAN_CHECK_NOT_READY, useHumanCheck } from '../../../components/human-check/human-check';

/** How long a submit waits for a check that is still being solved before giving up. */
const WAIT_FOR_CHECK_MS = 20_000;

/**
 * The human check as a form uses it: `takePayload()` gives the solved payload, waiting a moment when
 * the check is still solving, and renews the check (each is accepted once). When the check failed or
 * never finishes it shows the seed's "Recaptcha not initialized" toast and gives null.
 */
export function useHumanCheckGate() {
  const check = useHumanCheck();
  const latest = useRef(check);
  latest.current = check;
  const waiters = useRef<(() => void)[]>([]);

  useEffect(() => {
    if (!check.payload && !check.failed) return;
    const waiting = waiters.current;
    waiters.current = [];
    for (const wake of waiting) wake();
  }, [check.payload, check.failed]);

  const takePayload = useCallback(async (): Promise<string | null> => {
    if (!latest.current.payload && !latest.current.failed) {
      await new Promise<void>((resolve) => {
        const timer = window.setTimeout(resolve, WAIT_FOR_CHECK_MS);
        waiters.current.push(() => {
          window.clearTimeout(timer);
          resolve();
        });
      });
    }
    const { payload, failed, renew } = latest.current;
    if (failed || !payload) {
      toast.error(HUMAN_CHECK_NOT_READY);
      if (failed) renew();
      return null;
    }
    renew();
    return payload;
  }, []);

  return { element: check.element, ready: check.payload !== null, failed: check.failed, takePayload };
}
