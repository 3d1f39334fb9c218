/**
 * Money: an integer number of minor units of the restaurant currency, never a
 * floating-point amount. These helpers turn minor units into text and typed text back into minor units.
 */

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point of a currency (USD 2, JPY 0, BHD 3), as Intl knows them. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * Formatters by locale and currency: making an `Intl.NumberFormat` costs far more than using one, and a
 * menu formats a price per dish and option.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(currency: string, locale: string, digits: number): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      format = null;
    }
    if (formatters.size > 100) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** `450` USD in en-US → `$4.50`. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const format = moneyFormat(currency, locale, digits);
  if (format) return format.format(minor / 10 ** digits);
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/** An option's price difference: "+$1.50", "−$0.50", or "" for none (a free option shows no amount). */
export function formatDelta(minor: number, currency: string, locale: string): string {
  if (minor === 0) return '';
  return `${minor > 0 ? '+' : '−'}${formatMoney(Math.abs(minor), currency, locale)}`;
}

/** `450` → `4.50` (for USD): the amount as a form shows it for editing, without a currency sign. */
export function minorToInput(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = String(abs % 10 ** digits).padStart(digits, '0');
  return `${sign}${whole}.${fraction}`;
}

/**
 * Typed text to minor units without floating point: `4.5` → 450, `-1,50` → -150, `12` → 1200.
 * Returns null for anything that is not a plain amount with at most the currency's decimals.
 */
export function inputToMinor(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const cleaned = text.trim().replace(',', '.');
  const pattern = digits === 0 ? /^(-?)(\d+)$/ : new RegExp(`^(-?)(\\d*)(?:\\.(\\d{0,${digits}}))?$`);
  const match = pattern.exec(cleaned);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (whole.length > 13) return null;
  const minor = Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return sign === '-' ? -minor : minor;
}
