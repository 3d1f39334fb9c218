import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPaths } from '../../lib/paths';

// The strict-CSP build of the widget: its proof-of-work worker is a file of this site (worker-src 'self').
$altcha.algorithms.set('SHA-256', () => new ShaWorker());

/** Shown when the human check cannot start (docs/decisions/005-human-check-and-rate-limits.md). */
export const HUMAN_CHECK_NOT_READY = 'Recaptcha not initialized. Please refresh and try again.';

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

interface AltchaElement extends HTMLElement {
  reset(state?: string): void;
  verify(): Promise<unknown>;
}

export interface HumanCheckControl {
  /** The solved payload to send, or null while the check is not (or no longer) solved. */
  payload: string | null;
  /** Whether the widget failed to load or solve, so the caller shows HUMAN_CHECK_NOT_READY. */
  failed: boolean;
  /** A solved check is accepted once: call this after using its payload to get a fresh one. */
  renew(): void;
  /** Render this where the check belongs in the form. */
  element: React.ReactNode;
}

/**
 * The self-hosted human check (altcha proof of work, no third-party service): the widget fetches a
 * challenge from /api/human-check/challenge and solves it in the background as soon as it appears;
 * the form sends `payload` with its request (header X-Human-Check or field humanCheck).
 */
export function useHumanCheck(): HumanCheckControl {
  const ref = useRef<AltchaElement | null>(null);
  // The widget as state, not only a ref: a form may show it later than it calls this hook (sign-in
  // shows it only once the server asks), and the listener must be attached whenever it appears.
  const [widget, setWidget] = useState<AltchaElement | null>(null);
  const [payload, setPayload] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const attach = useCallback((node: HTMLElement | null) => {
    ref.current = node as AltchaElement | null;
    setWidget(node as AltchaElement | null);
  }, []);

  useEffect(() => {
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: WidgetState; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) {
        setPayload(detail.payload);
        setFailed(false);
      } else {
        setPayload(null);
        if (detail.state === 'error') setFailed(true);
        // An expired solution is worth nothing: solve a new challenge at once.
        if (detail.state === 'expired') void widget.verify();
      }
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [widget]);

  const renew = useCallback(() => {
    const widget = ref.current;
    setPayload(null);
    if (!widget) return;
    widget.reset();
    void widget.verify();
  }, []);

  const element = (
    <div className="min-h-[4.5rem]" data-testid="human-check">
      <altcha-widget ref={attach} challenge={apiPaths.humanCheckChallenge} auto="onload" name="humanCheck" />
    </div>
  );

  return { payload, failed, renew, element };
}
