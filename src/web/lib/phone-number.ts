/** E.164 as the server accepts it: a plus sign, a country code and the number, 8 to 15 digits. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Country calling codes of the regions of the restaurant locales Brigade offers (shared/locales.ts),
 * and a few neighbours. A region not listed means the guest types the country code.
 */
const CALLING_CODES: Readonly<Record<string, string>> = {
  AE: '971',
  AR: '54',
  AT: '43',
  AU: '61',
  BE: '32',
  BR: '55',
  CA: '1',
  CH: '41',
  CN: '86',
  CZ: '420',
  DE: '49',
  DK: '45',
  ES: '34',
  FI: '358',
  FR: '33',
  GB: '44',
  GR: '30',
  HK: '852',
  HU: '36',
  ID: '62',
  IE: '353',
  IL: '972',
  IN: '91',
  IT: '39',
  JP: '81',
  KR: '82',
  LU: '352',
  MX: '52',
  MY: '60',
  NL: '31',
  NO: '47',
  NZ: '64',
  PL: '48',
  PT: '351',
  RO: '40',
  RU: '7',
  SA: '966',
  SE: '46',
  SG: '65',
  TH: '66',
  TR: '90',
  TW: '886',
  UA: '380',
  US: '1',
  VN: '84',
  ZA: '27',
};

/** Where the national number keeps its leading 0 after the country code (Italian landlines). */
const KEEPS_TRUNK_ZERO: ReadonlySet<string> = new Set(['39']);

/**
 * The restaurant's own calling code, from the region of its locale (en-US → "1", de-CH → "41"), or
 * null when the locale names no region Brigade knows. A phone number without a country code is read
 * as one of the restaurant's country: that is where most of its guests live.
 */
export function callingCodeForLocale(locale: string | null | undefined): string | null {
  if (!locale) return null;
  try {
    const region = new Intl.Locale(locale).region;
    return (region && CALLING_CODES[region]) ?? null;
  } catch {
    return null;
  }
}

/**
 * The number as typed, without spaces, dashes, dots or brackets; a leading 00 becomes +. Given the
 * restaurant's calling code, a national number (no + or 00) gets it in front, its trunk 0 dropped
 * (020 7946 0958 → +442079460958), and in North America a leading 1 is read as the country code.
 */
export function normalizePhoneNumber(value: string, callingCode: string | null = null): string {
  const compact = value.trim().replace(/[\s\-.()/]/g, '');
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (compact.startsWith('+') || !callingCode || !/^\d+$/.test(compact)) return compact;
  if (callingCode === '1' && compact.length === 11 && compact.startsWith('1')) return `+${compact}`;
  const national = KEEPS_TRUNK_ZERO.has(callingCode) ? compact : compact.replace(/^0/, '');
  return `+${callingCode}${national}`;
}

/** The inline message for a phone field, or null when it is a number the server will take. */
export function validatePhoneNumber(value: string, callingCode: string | null = null): string | null {
  const phoneNumber = normalizePhoneNumber(value, callingCode);
  if (phoneNumber.length === 0) return 'Enter your phone number.';
  if (!phoneNumber.startsWith('+')) return 'Start with + and the country code, such as +15551234567.';
  if (!E164.test(phoneNumber)) {
    return callingCode
      ? `Enter a whole phone number, such as ${exampleFor(callingCode)}.`
      : 'Enter the number with its country code, such as +15551234567.';
  }
  return null;
}

function exampleFor(callingCode: string): string {
  return callingCode === '1' ? '555 123 4567' : `+${callingCode} and the number`;
}

/**
 * A stored E.164 number as people read it: "+1 555 123 4567" for North America, otherwise the
 * country code and the rest in groups ("+44 207 946 0958"). Anything else is returned unchanged.
 */
export function formatPhoneNumber(value: string): string {
  if (!E164.test(value)) return value;
  const digits = value.slice(1);
  if (digits.startsWith('1') && digits.length === 11) {
    return `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  }
  const code = Object.values(CALLING_CODES)
    .filter((candidate) => digits.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  if (!code) return value;
  // Groups of three, the last one of up to four: "207 946 0958".
  let rest = digits.slice(code.length);
  const groups: string[] = [];
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  groups.push(rest);
  return `+${code} ${groups.join(' ')}`;
}

/** The inline message for a one-time code field, or null when it is 6 digits. */
export function validateCode(value: string): string | null {
  const code = value.trim();
  if (code.length === 0) return 'Enter the 6-digit code.';
  if (!/^\d{6}$/.test(code)) return 'The code has 6 digits.';
  return null;
}
