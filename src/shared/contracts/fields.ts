import { z } from 'zod';
import { fieldMessages } from '../field-messages';

// The messages are zod-free (the public pages' forms use them without loading zod); re-exported here.
export { asSentence, fieldMessages } from '../field-messages';

/**
 * The field rules every back-office form shares with the server: one schema validates the request on
 * the server and the form as the user types, so both say the same thing in the same words.
 */

/** Largest price or fee: 999,999.99 in a two-decimal currency; 10^12 or any float is refused. */
export const MAX_PRICE_MINOR = 99_999_999;
/** Largest account balance or adjustment: 100 billion minor units (a billion dollars). */
export const MAX_BALANCE_MINOR = 100_000_000_000;

/** A required name; empty, it says "Enter a name." (`what` names it otherwise). */
export const nameField = (max = 100, what = 'a name') =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, fieldMessages.enter(what))
    .max(max, `must be at most ${max} characters`);

export const textField = (max: number) =>
  z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);

/** An e-mail address, trimmed, of at most `max` characters. */
export const emailField = (max = 254) =>
  z
    .string({ error: fieldMessages.email })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .pipe(z.email(fieldMessages.email));

export const optionalEmailField = z.union(
  [z.literal(''), z.email(fieldMessages.email).max(200, 'must be at most 200 characters')],
  { error: fieldMessages.email },
);

export const phoneTextField = z
  .string({ error: 'must be text' })
  .trim()
  .max(40, 'must be at most 40 characters')
  .regex(/^[0-9+()\-.\s/]*$/, 'may contain only digits, spaces and + ( ) - . /');

/** An amount of money in integer minor units (cents), 0 up to `MAX_PRICE_MINOR`. */
export const priceField = z
  .number({ error: 'must be an amount in minor units (cents)' })
  .int('must be a whole number of minor units (cents), such as 450 for 4.50')
  .min(0, 'must not be negative')
  .max(MAX_PRICE_MINOR, `must be at most ${MAX_PRICE_MINOR} minor units`);

/** A signed amount in minor units (a price difference of a modifier option). */
export const priceDeltaField = z
  .number({ error: 'must be an amount in minor units (cents)' })
  .int('must be a whole number of minor units (cents)')
  .min(-MAX_PRICE_MINOR, `must be at least -${MAX_PRICE_MINOR} minor units`)
  .max(MAX_PRICE_MINOR, `must be at most ${MAX_PRICE_MINOR} minor units`);

export const balanceField = z
  .number({ error: 'must be an amount in minor units (cents)' })
  .int('must be a whole number of minor units (cents)')
  .min(-MAX_BALANCE_MINOR, 'is too small')
  .max(MAX_BALANCE_MINOR, 'is too large');

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A percentage with at most two decimals, 0 to 100. */
export const percentField = z
  .number({ error: 'must be a percentage' })
  .min(0, 'must not be negative')
  .max(100, 'must be at most 100')
  .refine((value) => hasAtMostDecimals(value, 2), 'must have at most two decimals');

/** A positive decimal with at most six decimals (unit conversion factors). */
export const factorField = z
  .number({ error: 'must be a number' })
  .positive('must be more than 0')
  .max(1_000_000, 'must be at most 1000000')
  .refine((value) => hasAtMostDecimals(value, 6), 'must have at most six decimals');

export const sortOrderField = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(1_000_000, 'must be at most 1000000');

export const idField = z.uuid('must be an id');

/** A calendar day `YYYY-MM-DD`. */
export const dateField = z.iso.date('must be a date such as 2026-01-31');

/** `status=active,archived` on every list: archived records are left out unless asked for. */
export const RECORD_STATUSES = ['active', 'archived'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/**
 * Stale writes, one convention for the whole API: a record edited from more than one screen shows its
 * `version` (1 when made, one more on every change), and a change (PATCH) must send the `version` it
 * was based on. When the record has changed since, the server refuses with 409 `aborted`
 * (`details.reason: 'stale'`, `details.version`: the current one) and the screen reloads it.
 */
export const versionField = z
  .number({ error: 'must be the version of the record you changed (a whole number); reload it' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  // The column is a PostgreSQL integer.
  .max(2_147_483_647, 'must be at most 2147483647');

/** The `details` of a 409 for a change based on an old version. */
export interface StaleWriteDetails {
  reason: 'stale';
  /** The record's version now. */
  version: number;
}

/** The fields every stored record shows: its id, active, version and times. */
export const recordFields = {
  id: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
