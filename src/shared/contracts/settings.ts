import { z } from 'zod';
import { isSupportedLocale } from '../locales';
import { PasswordPolicySchema } from '../password-policy';
import { PAYMENT_METHODS, type PaymentMethod } from '../payment-methods';
import { WEEKDAYS, type Weekday } from '../weekdays';
import {
  dateField,
  idField,
  nameField,
  optionalEmailField,
  percentField,
  priceField,
  versionField,
} from './fields';

/**
 * The restaurant's settings (docs/PRODUCT-RULES.md, Master data and settings): one record, edited on the
 * settings tab of /master-data. `UpdateSettingsSchema` checks a change on the server and in the form alike.
 */

export { isSupportedLocale, LOCALE_CODES, localeName, SUPPORTED_LOCALES } from '../locales';
export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../payment-methods';
export { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../weekdays';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One opening period of a day; a close earlier than the open means past midnight. */
export const OpeningRangeSchema = z
  .strictObject({
    open: z.string().regex(TIME, 'must be a time such as 08:00'),
    close: z.string().regex(TIME, 'must be a time such as 17:30'),
  })
  .refine((range) => range.open !== range.close, {
    path: ['close'],
    message: 'must differ from the opening time',
  });
export type OpeningRange = z.infer<typeof OpeningRangeSchema>;

/** Opening hours per weekday; an empty list means closed that day. */
export const OpeningHoursSchema = z.strictObject(
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, z.array(OpeningRangeSchema).max(4, 'must have at most 4 periods')]),
  ) as Record<Weekday, z.ZodArray<typeof OpeningRangeSchema>>,
);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const DEFAULT_OPENING_HOURS: OpeningHours = {
  mon: [{ open: '07:30', close: '18:00' }],
  tue: [{ open: '07:30', close: '18:00' }],
  wed: [{ open: '07:30', close: '18:00' }],
  thu: [{ open: '07:30', close: '18:00' }],
  fri: [{ open: '07:30', close: '20:00' }],
  sat: [{ open: '08:30', close: '20:00' }],
  sun: [{ open: '09:00', close: '16:00' }],
};

export const LegalTextsSchema = z.object({
  terms: z.string(),
  privacy: z.string(),
  refund: z.string(),
  delivery: z.string(),
});

/**
 * A zone Intl lists, or one it knows under exactly this name: `america/los_angeles` would work in
 * Intl but be stored as typed, and a list of choices never offers it.
 */
function isSupportedTimeZone(value: string): boolean {
  try {
    if (value === 'UTC' || Intl.supportedValuesOf('timeZone').includes(value)) return true;
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone === value;
  } catch {
    return false;
  }
}

function isKnownCurrency(value: string): boolean {
  try {
    return Intl.supportedValuesOf('currency').includes(value);
  } catch {
    return true;
  }
}

const legalText = z.string().max(50_000, 'must be at most 50000 characters');
const minutes = z
  .number({ error: 'must be a whole number of minutes' })
  .int('must be a whole number of minutes')
  .min(1, 'must be at least 1 minute')
  .max(24 * 60, 'must be at most 1440 minutes');

export const UpdateSettingsSchema = z
  .strictObject({
    name: nameField(120, "the restaurant's name"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
      .refine(isKnownCurrency, 'is not a known currency'),
    // One of the listed locales: a well-formed tag alone lets "german" through (see shared/locales.ts).
    locale: z
      .string({ error: 'must be a locale such as en-US' })
      .refine(
        (value): boolean => isSupportedLocale(value),
        'must be one of the supported locales, such as en-US or de-DE',
      ),
    timeZone: z.string().min(1).max(64).refine(isSupportedTimeZone, 'is not a known IANA time zone'),
    address: z.string().trim().max(300, 'must be at most 300 characters'),
    phone: z.string().trim().max(40, 'must be at most 40 characters'),
    email: optionalEmailField,
    openingHours: OpeningHoursSchema,
    taxPercent: percentField,
    taxInclusive: z.boolean(),
    serviceChargePercent: percentField,
    deliveryFee: priceField,
    deliveryMinimum: priceField,
    onlineOrdering: z.boolean(),
    orderAgeAmberMinutes: minutes,
    orderAgeRedMinutes: minutes,
    paymentAccounts: z
      .strictObject(
        Object.fromEntries(PAYMENT_METHODS.map((method) => [method, idField.nullable()])) as Record<
          PaymentMethod,
          z.ZodNullable<typeof idField>
        >,
      )
      .partial(),
    legalTexts: z
      .strictObject({ terms: legalText, privacy: legalText, refund: legalText, delivery: legalText })
      .partial(),
    passwordPolicy: PasswordPolicySchema,
    /** Closes the books up to and including this day (before today); null opens them again. */
    booksLockedUntil: dateField.nullable(),
  })
  .partial()
  // The version of the settings the change was based on (see `versionField`).
  .extend({ version: versionField })
  .superRefine((input, context) => {
    if (
      input.orderAgeAmberMinutes !== undefined &&
      input.orderAgeRedMinutes !== undefined &&
      input.orderAgeRedMinutes <= input.orderAgeAmberMinutes
    ) {
      context.addIssue({
        code: 'custom',
        path: ['orderAgeRedMinutes'],
        message: 'must be more than the amber threshold',
      });
    }
  });
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

export const RestaurantSettingsSchema = z.object({
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  timeZone: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  logoUrl: z.string().nullable(),
  openingHours: z.record(z.string(), z.array(z.object({ open: z.string(), close: z.string() }))),
  taxPercent: z.number(),
  taxInclusive: z.boolean(),
  serviceChargePercent: z.number(),
  deliveryFee: z.number(),
  deliveryMinimum: z.number(),
  onlineOrdering: z.boolean(),
  orderAgeAmberMinutes: z.number(),
  orderAgeRedMinutes: z.number(),
  paymentAccounts: z.record(z.string(), z.string().nullable()),
  /** Empty text = the page shows its built-in default. */
  legalTexts: LegalTextsSchema,
  passwordPolicy: PasswordPolicySchema,
  /** No money dated on or before this day is recorded, changed or voided; null: the books are open. */
  booksLockedUntil: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type RestaurantSettings = z.infer<typeof RestaurantSettingsSchema>;

export const SETTINGS_API = { settings: '/api/settings', logo: '/api/settings/logo' } as const;
