import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { HUMAN_CHECK_NOT_READY, useHumanCheck } from '../../../components/human-check/human-check';
import { needsHumanCheck } from '../api/human-check-required';

/** How long a submit waits for a check that is still being solved before giving up. */
const WAIT_FOR_CHECK_MS = 20_000;

/**
 * The human check as a form uses it: `takePayload()` gives the solved payload, waiting a moment when
 * the check is still solving, and renews the check (each is accepted once). When the check failed or
 * never finishes it shows the "Recaptcha not initialized" toast (HUMAN_CHECK_NOT_READY) and gives null.
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

export type HumanCheckGate = ReturnType<typeof useHumanCheckGate>;

/**
 * A sign-in by a secret (password or phone code) that the server may answer with 429
 * HUMAN_CHECK_REQUIRED after many failures for the account. `attempt(request)` sends the request
 * without a check; when the server asks for one it sets `required` (the form shows the check and says
 * why), waits for the gate's solved payload and sends the request once more with it. From then on every
 * attempt carries a check. It resolves with the request's answer, or with undefined when no check could
 * be solved (the gate has said so in a toast); a refusal of the request itself is thrown.
 */
export function useHumanCheckEscalation(gate: HumanCheckGate) {
  const { takePayload } = gate;
  const [required, setRequired] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // Read by attempts already under way, so a retry never asks twice.
  const requiredRef = useRef(false);

  const attempt = useCallback(
    async <T>(request: (humanCheck: string | undefined) => Promise<T>): Promise<T | undefined> => {
      const withCheck = async () => {
        setWaiting(true);
        const payload = await takePayload().finally(() => setWaiting(false));
        return payload ? request(payload) : undefined;
      };
      if (requiredRef.current) return withCheck();
      try {
        return await request(undefined);
      } catch (error) {
        if (!needsHumanCheck(error)) throw error;
        requiredRef.current = true;
        setRequired(true);
        return withCheck();
      }
    },
    [takePayload],
  );

  return { required, waiting, attempt };
}
