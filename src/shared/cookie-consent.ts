/**
 * The cookie choice as the browser keeps it, shared by the app (components/cookie-banner) and the
 * script the server puts in the head of a rendered page (`COOKIE_CHOICE_SCRIPT`), so both read and
 * write the same place. Two localStorage keys: the choice and when it was made.
 */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_CONSENT_DATE_KEY = 'cookieConsentDate';

/** On `<html>`: the choice made, once known on this page (stored, or made while storage is blocked). */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-cookie-consent';
/** On the banner: the stylesheet hides it while `<html>` carries a choice. */
export const COOKIE_BANNER_ATTRIBUTE = 'data-cookie-banner';
/** On each of the banner's buttons: the choice it stores. */
export const COOKIE_BUTTON_ATTRIBUTE = 'data-cookie-choice';

/**
 * The inline script in the head of a server-rendered page: it runs before the body is parsed, so the
 * banner in the HTML is hidden in the first paint for a visitor who has chosen, and it answers the
 * banner's buttons before the app's JavaScript has loaded (storing the choice and its time exactly as
 * `storeCookieConsent` does). Once the app runs, its own handler marks the click as handled
 * (`preventDefault`) and this one leaves it. The CSP allows this exact text by its hash; any change to
 * it changes the hash, which the server computes from it.
 */
export const COOKIE_CHOICE_SCRIPT = `(function(){var d=document.documentElement,v;try{v=localStorage.getItem("${COOKIE_CONSENT_KEY}")}catch(e){}if(v==="accepted"||v==="rejected")d.setAttribute("${COOKIE_CHOICE_ATTRIBUTE}",v);document.addEventListener("click",function(e){var t=e.target,b=!e.defaultPrevented&&t instanceof Element&&t.closest("[${COOKIE_BUTTON_ATTRIBUTE}]"),c=b&&b.getAttribute("${COOKIE_BUTTON_ATTRIBUTE}");if(c!=="accepted"&&c!=="rejected")return;try{localStorage.setItem("${COOKIE_CONSENT_KEY}",c);localStorage.setItem("${COOKIE_CONSENT_DATE_KEY}",new Date().toISOString())}catch(e){}d.setAttribute("${COOKIE_CHOICE_ATTRIBUTE}",c)})})()`;
