import { useSyncExternalStore } from 'react';
import {
  COOKIE_CHOICE_ATTRIBUTE,
  COOKIE_CONSENT_DATE_KEY,
  COOKIE_CONSENT_KEY,
} from '../../../shared/cookie-consent';

export type CookieConsent = 'accepted' | 'rejected';

const CHANGE_EVENT = 'brigade:cookie-consent';

const isChoice = (value: string | null): value is CookieConsent =>
  value === 'accepted' || value === 'rejected';

/**
 * The choice made on this page load, kept on `<html>` (where the page's early script also puts it, and
 * where the stylesheet looks to hide the server-rendered banner): it holds when local storage is
 * unavailable (blocked by the browser), until the next visit.
 */
function choiceOnThisPage(): CookieConsent | null {
  const value = document.documentElement.getAttribute(COOKIE_CHOICE_ATTRIBUTE);
  return isChoice(value) ? value : null;
}

/** The stored choice, or null when none (or something else) is stored. */
export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    if (isChoice(value)) return value;
    return choiceOnThisPage();
  } catch {
    return choiceOnThisPage();
  }
}

/** Stores the choice with the current time as an ISO timestamp. */
export function storeCookieConsent(choice: CookieConsent, now: Date = new Date()): void {
  document.documentElement.setAttribute(COOKIE_CHOICE_ATTRIBUTE, choice);
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
 * server's render of a page and the browser's hydration of it). The banner is in that HTML all the
 * same: the page's early script hides it before the first paint for a visitor who has chosen.
 */
export function useCookieConsent(): CookieConsent | null | undefined {
  return useSyncExternalStore(subscribe, readCookieConsent, () => undefined);
}
