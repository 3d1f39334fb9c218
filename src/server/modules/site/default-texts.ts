/**
 * The built-in texts of the legal pages, shown while the restaurant has not written its own in
 * Master Data → settings. Plain text: paragraphs separated by blank lines, `## ` headings and `- `
 * list items. They are written for a restaurant or cafe that takes orders for dine-in, takeaway and
 * delivery, is paid online or at the counter, and keeps customer accounts, and they name the
 * restaurant and its contact details from the settings.
 */

export const LEGAL_PAGES = ['terms', 'privacy', 'refund', 'delivery'] as const;
export type LegalPageKey = (typeof LEGAL_PAGES)[number];

export const LEGAL_PAGE_TITLES: Readonly<Record<LegalPageKey, string>> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  delivery: 'Delivery Policy',
};

export interface RestaurantIdentity {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The name of the browser cookie that carries a signed-in session (better-auth, prefix `brigade`). */
export const SESSION_COOKIE_NAME = 'brigade.session_token';

/**
 * The heading of the privacy policy's section on cookies and browser storage. The web page anchors
 * the first heading that mentions cookies as `#cookies`, which the cookie banner links to.
 */
export const COOKIES_HEADING = 'Cookies and browser storage';

function restaurantName(identity: RestaurantIdentity): string {
  return identity.name.trim() || 'the restaurant';
}

/** "by e-mail at …, by phone at … or in person at …", from whatever details the settings hold. */
function contactWays(identity: RestaurantIdentity): string {
  const ways = [
    identity.email.trim() && `by e-mail at ${identity.email.trim()}`,
    identity.phone.trim() && `by phone at ${identity.phone.trim()}`,
    identity.address.trim() && `in person at ${identity.address.trim()}`,
  ].filter((way): way is string => Boolean(way));
  ways.push('through the form on our contact page');
  if (ways.length === 1) return ways[0]!;
  return `${ways.slice(0, -1).join(', ')} or ${ways[ways.length - 1]}`;
}

function contactSection(identity: RestaurantIdentity): string {
  const lines = [
    `## Contact us`,
    `Questions about this page? Reach ${restaurantName(identity)} ${contactWays(identity)}.`,
  ];
  return lines.join('\n\n');
}

function who(identity: RestaurantIdentity): string {
  const name = restaurantName(identity);
  const address = identity.address.trim();
  return address ? `${name} (${address})` : name;
}

/** The cookies section of the privacy policy; also added to a restaurant's own text that lacks one. */
export function cookiesSection(): string {
  return [
    `## ${COOKIES_HEADING}`,
    'We keep what this website needs to work, and nothing else. We use no advertising, analytics or other third-party trackers, and no other company sees your visit through our website.',
    [
      `- Session cookie "${SESSION_COOKIE_NAME}": set when you sign in, so that you stay signed in. It is sent only to this website, cannot be read by scripts on the page, and ends when you sign out or the session expires.`,
      '- "cookieConsent" and "cookieConsentDate" in your browser’s local storage: your answer to the cookie banner (accepted or rejected) and when you gave it, so that we do not ask again. They never leave your device.',
    ].join('\n'),
    'The check that you are human on our forms runs on our own server: your browser solves a small puzzle, and no outside service is involved.',
    'The session cookie is strictly necessary, so it is set whichever button you choose in the banner. If we ever add optional cookies, we will use them only after you choose "Accept All". To see the banner again, clear this website’s data in your browser.',
  ].join('\n\n');
}

function terms(identity: RestaurantIdentity): string {
  const name = restaurantName(identity);
  return [
    `These terms apply when you use the website of ${who(identity)} to create an account, place an order for dine-in, takeaway or delivery, pay, or leave feedback. By using the website you agree to them.`,
    '## Your account',
    'To order online you need an account. Give us correct details and keep your password to yourself: you are responsible for what happens with your account. Tell us straight away if you think someone else has used it. We may suspend an account that is used for fraud or abuse.',
    '## Orders',
    [
      '- An online order is a request to buy the items in it. It is accepted when we confirm it, and the order status on the website keeps you up to date.',
      '- We may decline or cancel an order, for example when an item has sold out, the kitchen is closing, or the details cannot be verified. If you have already paid, you get your money back as our refund policy describes.',
      '- Tell us about allergies and dietary needs before you order. Our kitchen handles common allergens, so we cannot guarantee that any dish is free of traces of them.',
      '- Menu photos are for illustration; dishes may look a little different.',
    ].join('\n'),
    '## Prices and payment',
    'Prices are shown on the menu and in your order, including or plus taxes and charges as stated there. Delivery fees and any minimum order value are shown before you confirm. You can pay online, at the counter, or by bank transfer where the payment page offers it. Online payments are handled by a payment provider on its own secure page; your card details never reach us.',
    '## Coupons',
    'Coupons apply only within their stated dates and conditions, one per order unless stated otherwise, and cannot be exchanged for cash.',
    '## Feedback',
    `Your feedback helps us improve. Keep it honest and respectful; ${name} may remove feedback that is abusive or unrelated to your order.`,
    '## Our responsibility',
    `${name} prepares every order with care. Nothing in these terms limits rights you have under the consumer law that applies to you. Beyond that, we are not responsible for losses we could not reasonably foresee or that are outside our control.`,
    '## Changes',
    'We may update these terms from time to time. The date at the top of this page shows the latest change; the terms in force when you place an order apply to that order.',
    contactSection(identity),
  ].join('\n\n');
}

function privacy(identity: RestaurantIdentity): string {
  const name = restaurantName(identity);
  return [
    `${who(identity)} is responsible for the personal data you give us through this website. This policy explains what we collect, why, and the choices you have.`,
    '## What we collect',
    [
      '- Account details: your name, e-mail address, phone number and, if you add one, a profile photo. If you sign in with Google, we receive your name, e-mail address and photo from Google.',
      '- Orders: what you ordered, when, for dine-in, takeaway or delivery, the delivery address and your notes to the kitchen.',
      '- Payments: the amount, method and status of each payment. Card details go straight to the payment provider and never reach us.',
      '- Messages and feedback you send us, such as through the contact form.',
      '- Technical data: the address of your device and your browser type, kept with your sign-in sessions and in our security records.',
    ].join('\n'),
    '## Why we use it',
    [
      '- To prepare, deliver and charge for your orders, and to keep you informed about them.',
      '- To run your account and keep it secure, for example to send sign-in codes and password reset e-mails and to stop misuse.',
      '- To answer your messages and improve our food and service.',
      '- To keep the records that tax and accounting law require.',
    ].join('\n'),
    'We do not sell your data and we do not use it for advertising.',
    '## Who else sees it',
    'Our staff see what they need to prepare and deliver your order. Service providers that run parts of the service for us, such as payment, e-mail and text message providers, receive only what their part needs. We share data with authorities only when the law requires it.',
    '## How long we keep it',
    'We keep your account while you have it. Order and payment records are kept as long as tax and accounting law requires. Messages and feedback are kept as long as they are useful to answer or improve, and security records for a short period.',
    '## Your rights',
    'You can see and correct your details on your account page at any time. You can ask us for a copy of your data, or ask us to delete your account and the data we do not have to keep, using the contact details below.',
    cookiesSection(),
    '## Changes',
    `If ${name} changes this policy, the date at the top of this page shows when.`,
    contactSection(identity),
  ].join('\n\n');
}

function refund(identity: RestaurantIdentity): string {
  return [
    `We want every meal from ${restaurantName(identity)} to be right. This policy explains what happens when it is not, or when an order is cancelled.`,
    '## Cancelling an order',
    'You can cancel an online order yourself, free of charge, while it is waiting for our confirmation. After that, ask us: we can usually still cancel it until the kitchen starts preparing it. Once the food is being made for you, we can usually not cancel it. If you had already paid for a cancelled order, you get a full refund.',
    '## Something wrong with your order',
    [
      '- Tell us as soon as possible, and within 24 hours: at the counter, by phone, or through the contact page. Keep the food and packaging if you can, and a photo helps.',
      '- If an item is missing, wrong, or not of the quality you can expect, we will replace it or refund it.',
      '- If we decline or cancel your order, or cannot deliver it through our fault, you get a full refund of what you paid.',
    ].join('\n'),
    '## How refunds are paid',
    'Refunds go back the way you paid: online payments to the same card or account, usually within 5 to 10 working days depending on your bank; payments at the counter in cash or to the card used; bank transfers to the account they came from. Delivery fees are refunded when the whole order is refunded or the delivery failed through our fault.',
    '## Coupons',
    'A coupon used on a refunded order is restored when it is still valid. Coupons have no cash value.',
    contactSection(identity),
  ].join('\n\n');
}

function delivery(identity: RestaurantIdentity): string {
  const address = identity.address.trim();
  return [
    `${restaurantName(identity)} delivers to addresses in the area around ${address || 'the restaurant'}. You can also choose takeaway and pick up your order yourself, or eat in.`,
    '## Delivery area, fees and minimum order',
    'Whether we deliver to your address, the delivery fee and any minimum order value are shown when you enter your address, before you confirm the order.',
    '## Delivery times',
    'When you order, we show an estimated delivery time. It depends on how busy the kitchen is, the distance, traffic and the weather, so it is an estimate, not a promise. You can follow your order’s status on the website, and we will contact you if there is a longer delay.',
    '## Receiving your order',
    [
      '- Give a complete address and a phone number on which the driver can reach you.',
      '- Please be available when the order arrives. If we cannot reach you, the driver waits a reasonable time; after that we may have to cancel the delivery, and the order may not be refunded.',
      '- If your order contains age-restricted items such as alcohol, we hand them over only to an adult who can show identification.',
      '- Check your order when it arrives and tell us straight away if something is missing or wrong; see our refund policy.',
    ].join('\n'),
    '## Takeaway',
    'For takeaway, come to the counter when your order is marked ready. Orders not collected the same day cannot be refunded.',
    contactSection(identity),
  ].join('\n\n');
}

const BUILDERS: Readonly<Record<LegalPageKey, (identity: RestaurantIdentity) => string>> = {
  terms,
  privacy,
  refund,
  delivery,
};

/** A settings value on one line: a multi-line address must not break the text's paragraphs. */
function oneLine(value: string): string {
  return value
    .split(/\s*[\r\n]+\s*/)
    .filter(Boolean)
    .join(', ')
    .trim();
}

/** The built-in text of a legal page for this restaurant. */
export function defaultLegalText(page: LegalPageKey, identity: RestaurantIdentity): string {
  return BUILDERS[page]({
    name: oneLine(identity.name),
    address: oneLine(identity.address),
    phone: oneLine(identity.phone),
    email: oneLine(identity.email),
  });
}
