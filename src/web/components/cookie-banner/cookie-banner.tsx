import { Cookie } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import { type CookieConsent, storeCookieConsent, useCookieConsent } from './cookie-consent';

/** Keeps the end of the page scrollable out from under the fixed banner while it is shown. */
function useRoomAtTheBottom(ref: React.RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const body = document.body;
    const previous = body.style.paddingBottom;
    const update = () => {
      const { top } = element.getBoundingClientRect();
      body.style.paddingBottom = `${Math.max(0, window.innerHeight - top)}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      body.style.paddingBottom = previous;
    };
  }, [ref, active]);
}

/** Stores the choice; `preventDefault` tells the page's early script (in the head) that it is handled. */
function choose(choice: CookieConsent) {
  return (event: React.MouseEvent) => {
    event.preventDefault();
    storeCookieConsent(choice);
  };
}

/**
 * Shown on every page until the visitor chooses; Reject All stores `rejected`,
 * Accept All stores `accepted`, each with the time in `cookieConsentDate`. The site sets no optional
 * cookies today, so the text says what it does keep and links to the privacy policy's cookies section.
 *
 * While the choice cannot be known (the server's render of `/` and its hydration) the banner is
 * rendered all the same, so a first visitor sees it in the first paint; the page's early script hides
 * it at once for a visitor who has chosen (the stylesheet's rule on `data-cookie-banner`) and answers
 * its buttons until the app runs (the `data-cookie-choice` of each).
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  const ref = useRef<HTMLElement>(null);
  const shown = consent !== 'accepted' && consent !== 'rejected';
  useRoomAtTheBottom(ref, consent === null);
  if (!shown) return null;

  // data-cookie-banner and data-cookie-choice: the names the early script and the stylesheet use
  // (shared/cookie-consent.ts).
  return (
    <section
      ref={ref}
      aria-label="Cookie consent"
      data-cookie-banner=""
      className="fixed inset-x-3 bottom-3 z-50 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[26rem] sm:p-5"
    >
      <div className="flex gap-3">
        <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-neutral-700" />
        <p className="text-sm text-neutral-700">
          We only use the cookies and browser storage this site needs to work, such as staying signed in. No
          advertising or tracking.{' '}
          <Link
            to={`${paths.privacyPolicy}#cookies`}
            className="font-medium whitespace-nowrap text-neutral-950 underline underline-offset-2 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            About cookies
          </Link>
        </p>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" data-cookie-choice="rejected" onClick={choose('rejected')}>
          Reject All
        </Button>
        <Button data-cookie-choice="accepted" onClick={choose('accepted')}>
          Accept All
        </Button>
      </div>
    </section>
  );
}
