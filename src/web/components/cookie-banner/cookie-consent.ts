import { useSyncExternalStore } from 'react';

/** Seed section 3, browser storage: the choice and when it was made, in local storage. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_CONSENT_DATE_KEY = 'cookieConsentDate';

export type CookieConsent = 'accepted' | 'rejected';

const CHANGE_EVENT = 'brigade:cookie-consent';

// When local storage is unavailable (blocked by the browser), the choice holds for this page load.
let choiceWithoutStorage: CookieConsent | null = null;

/** The stored choice, or null when none (or something else) is stored. */
export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    if (value === 'accepted' || value === 'rejected') return value;
    return choiceWithoutStorage;
  } catch {
    return choiceWithoutStorage;
  }
}

/** Stores the choice with the current time as an ISO timestamp. */
export function storeCookieConsent(choice: CookieConsent, now: Date = new Date()): void {
  choiceWithoutStorage = choice;
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, choice);
    window.localStorage.setItem(COOKIE_CONSENT_DATE_KEY, now.toISOString());
  } catch {
    // Storage is blocked: the banner still goes away until the next visit.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // `storage` fires when another tab changes the choice; the custom event for this tab.
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/**
 * The visitor's cookie choice, kept in step with other tabs; `undefined` while it cannot be known (the
 * server's render of a page and the browser's hydration of it), so no banner flashes for a visitor who
 * chose long ago.
 */
export function useCookieConsent(): CookieConsent | null | undefined {
  return useSyncExternalStore(subscribe, readCookieConsent, () => undefined);
}
