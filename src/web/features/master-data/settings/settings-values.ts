import {
  type OpeningHours,
  type OpeningRange,
  PAYMENT_METHODS,
  type PaymentMethod,
  type RestaurantSettings,
  type UpdateSettings,
  WEEKDAYS,
  type Weekday,
} from '../../../../shared/contracts/settings';
import { minorToInput } from '../../../../shared/money';
import type { Conversion } from '../../../lib/use-schema-form';
import { conversionErrors, convertMoney, numberToText, optionalNumber, textToNumber } from '../../resources';

/** The settings as the form holds them: numbers and money as typed text, '' for "not set". */
export interface SettingsValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  openingHours: Record<Weekday, OpeningRange[]>;
  currency: string;
  locale: string;
  timeZone: string;
  taxPercent: string;
  taxInclusive: boolean;
  serviceChargePercent: string;
  deliveryFee: string;
  deliveryMinimum: string;
  onlineOrdering: boolean;
  orderAgeAmberMinutes: string;
  orderAgeRedMinutes: string;
  /** An account id, or '' for "Not set". */
  paymentAccounts: Record<PaymentMethod, string>;
  passwordPolicy: {
    minLength: string;
    /** '' for no maximum. */
    maxLength: string;
    requireLowercase: boolean;
    requireUppercase: boolean;
    requireDigit: boolean;
    requireSymbol: boolean;
  };
  legalTexts: { terms: string; privacy: string; refund: string; delivery: string };
}

/** The stored settings as form values. */
export function settingsToValues(settings: RestaurantSettings): SettingsValues {
  const policy = settings.passwordPolicy;
  return {
    name: settings.name,
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    openingHours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, (settings.openingHours[day] ?? []).map((range) => ({ ...range }))]),
    ) as OpeningHours,
    currency: settings.currency,
    locale: settings.locale,
    timeZone: settings.timeZone,
    taxPercent: numberToText(settings.taxPercent),
    taxInclusive: settings.taxInclusive,
    serviceChargePercent: numberToText(settings.serviceChargePercent),
    deliveryFee: minorToInput(settings.deliveryFee, settings.currency),
    deliveryMinimum: minorToInput(settings.deliveryMinimum, settings.currency),
    onlineOrdering: settings.onlineOrdering,
    orderAgeAmberMinutes: numberToText(settings.orderAgeAmberMinutes),
    orderAgeRedMinutes: numberToText(settings.orderAgeRedMinutes),
    paymentAccounts: Object.fromEntries(
      PAYMENT_METHODS.map((method) => [method, settings.paymentAccounts[method] ?? '']),
    ) as Record<PaymentMethod, string>,
    passwordPolicy: {
      minLength: numberToText(policy.minLength),
      maxLength: numberToText(policy.maxLength),
      requireLowercase: policy.requireLowercase,
      requireUppercase: policy.requireUppercase,
      requireDigit: policy.requireDigit,
      requireSymbol: policy.requireSymbol,
    },
    legalTexts: { ...settings.legalTexts },
  };
}

/** A whole number in range, or the message for it (the shared policy schema's own words are terse). */
function lengthProblem(text: string, min: number, max: number): string | null {
  const value = optionalNumber(text);
  if (value === undefined) return null;
  return Number.isInteger(value) && value >= min && value <= max
    ? null
    : `Must be a whole number from ${min} to ${max}.`;
}

/**
 * Form values to the body of PATCH /api/settings (every setting; the form sends those that changed,
 * `useSchemaForm().changes`). Money is read in `currency`, the currency the amounts are stored in.
 */
export function convertSettings(values: SettingsValues, currency: string): Conversion {
  const fee = convertMoney(values.deliveryFee, currency);
  const minimum = convertMoney(values.deliveryMinimum, currency);
  const policy = values.passwordPolicy;
  // Without `version`: the form adds the version it was loaded with (useSchemaForm `version`).
  const input: Omit<UpdateSettings, 'version'> = {
    name: values.name,
    address: values.address,
    phone: values.phone,
    email: values.email.trim(),
    openingHours: values.openingHours,
    currency: values.currency,
    locale: values.locale.trim(),
    timeZone: values.timeZone,
    taxPercent: textToNumber(values.taxPercent),
    taxInclusive: values.taxInclusive,
    serviceChargePercent: textToNumber(values.serviceChargePercent),
    deliveryFee: fee.minor,
    deliveryMinimum: minimum.minor,
    onlineOrdering: values.onlineOrdering,
    orderAgeAmberMinutes: textToNumber(values.orderAgeAmberMinutes),
    orderAgeRedMinutes: textToNumber(values.orderAgeRedMinutes),
    paymentAccounts: Object.fromEntries(
      PAYMENT_METHODS.map((method) => [method, values.paymentAccounts[method] || null]),
    ),
    passwordPolicy: {
      minLength: textToNumber(policy.minLength),
      maxLength: optionalNumber(policy.maxLength) ?? null,
      requireLowercase: policy.requireLowercase,
      requireUppercase: policy.requireUppercase,
      requireDigit: policy.requireDigit,
      requireSymbol: policy.requireSymbol,
    },
    legalTexts: values.legalTexts,
  };
  return {
    input,
    errors: conversionErrors([
      ['deliveryFee', fee.error],
      ['deliveryMinimum', minimum.error],
      [
        'passwordPolicy.minLength',
        policy.minLength.trim() === '' ? 'Enter a length.' : lengthProblem(policy.minLength, 6, 128),
      ],
      ['passwordPolicy.maxLength', lengthProblem(policy.maxLength, 6, 4096)],
    ]),
  };
}
