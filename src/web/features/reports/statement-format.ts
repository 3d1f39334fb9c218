import { formatDelta, formatMoney } from '../../../shared/money';
import type { LineChange, LineFormat } from './statement-lines';

/**
 * The statement's numbers as text in the restaurant's currency and language: amounts, counts, the food
 * cost percent, and the change of each ("+$12.00", "+15.2%", "+1.2 pts").
 */
export interface StatementFormat {
  money: (minor: number) => string;
  /** An amount that moves money, with its sign: "+$12.00", "−$3.00". */
  signed: (minor: number) => string;
  /** A line's amount; a missing one (a food cost without sales) is "—". */
  value: (value: number | null, format: LineFormat) => string;
  /** The change's amount, with its sign. */
  delta: (change: LineChange, format: LineFormat) => string;
  /** The change in percent, with its sign (the same minus sign as the amount's), or null without one. */
  percent: (change: LineChange) => string | null;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat('en', options);
  }
}

export function statementFormat(currency: string, locale: string): StatementFormat {
  const count = numberFormat(locale, {});
  const percent = numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const changePercent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const points = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const sign = (value: number) => (value > 0 ? '+' : value < 0 ? '−' : '');
  return {
    money,
    signed: (minor) => (minor === 0 ? money(0) : formatDelta(minor, currency, locale)),
    value: (value, format) => {
      if (value === null) return '—';
      if (format === 'count') return count.format(value);
      if (format === 'percent') return percent.format(value / 100);
      return money(value);
    },
    delta: (change, format) => {
      const { delta } = change;
      if (delta === null) return '—';
      if (format === 'count') return `${sign(delta)}${count.format(Math.abs(delta))}`;
      if (format === 'percent') return `${sign(delta)}${points.format(Math.abs(delta))} pts`;
      return delta === 0 ? money(0) : formatDelta(delta, currency, locale);
    },
    percent: (change) =>
      change.percent === null
        ? null
        : `${sign(change.percent)}${changePercent.format(Math.abs(change.percent) / 100)}`,
  };
}
