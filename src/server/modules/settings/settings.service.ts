import { z } from 'zod';
import { type PasswordPolicy, PasswordPolicySchema } from '../../../shared/password-policy';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { recordAudit } from '../audit/audit.service';
import { restaurantSettings } from './settings.schema';

type SettingsRow = typeof restaurantSettings.$inferSelect;

export const LegalTextsSchema = z.object({
  terms: z.string(),
  privacy: z.string(),
  refund: z.string(),
  delivery: z.string(),
});

export const RestaurantSettingsSchema = z.object({
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  timeZone: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Empty text = the page shows its built-in default. */
  legalTexts: LegalTextsSchema,
  passwordPolicy: PasswordPolicySchema,
  updatedAt: z.string(),
});
export type RestaurantSettings = z.infer<typeof RestaurantSettingsSchema>;

function isSupportedTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isSupportedLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export const UpdateSettingsSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
      .refine((value) => Intl.supportedValuesOf('currency').includes(value), 'is not a known currency'),
    locale: z.string().min(2).max(35).refine(isSupportedLocale, 'is not a valid locale such as en-US'),
    timeZone: z.string().min(1).max(64).refine(isSupportedTimeZone, 'is not a known IANA time zone'),
    address: z.string().trim().max(300, 'must be at most 300 characters'),
    phone: z.string().trim().max(40, 'must be at most 40 characters'),
    email: z.union([z.literal(''), z.email('must be an e-mail address').max(200)]),
    legalTexts: z
      .object({
        terms: z.string().max(50_000, 'must be at most 50000 characters'),
        privacy: z.string().max(50_000, 'must be at most 50000 characters'),
        refund: z.string().max(50_000, 'must be at most 50000 characters'),
        delivery: z.string().max(50_000, 'must be at most 50000 characters'),
      })
      .partial()
      .strict(),
    passwordPolicy: PasswordPolicySchema,
  })
  .partial()
  .strict();
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

/** What a brand-new restaurant starts with. */
export const DEFAULT_SETTINGS = {
  name: 'Brigade Cafe',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'UTC',
} as const;

function present(row: SettingsRow): RestaurantSettings {
  return {
    name: row.name,
    currency: row.currency,
    locale: row.locale,
    timeZone: row.timeZone,
    address: row.address,
    phone: row.phone,
    email: row.email,
    legalTexts: {
      terms: row.termsText,
      privacy: row.privacyText,
      refund: row.refundText,
      delivery: row.deliveryText,
    },
    passwordPolicy: {
      minLength: row.passwordMinLength,
      maxLength: row.passwordMaxLength,
      requireLowercase: row.passwordRequireLowercase,
      requireUppercase: row.passwordRequireUppercase,
      requireDigit: row.passwordRequireDigit,
      requireSymbol: row.passwordRequireSymbol,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

function policyColumns(policy: PasswordPolicy) {
  return {
    passwordMinLength: policy.minLength,
    passwordMaxLength: policy.maxLength,
    passwordRequireLowercase: policy.requireLowercase,
    passwordRequireUppercase: policy.requireUppercase,
    passwordRequireDigit: policy.requireDigit,
    passwordRequireSymbol: policy.requireSymbol,
  };
}

/** Creates the settings row when the database has none (first start); safe to call from many processes. */
export async function ensureSettings(db: Database): Promise<void> {
  await db
    .insert(restaurantSettings)
    .values({ ...DEFAULT_SETTINGS })
    .onConflictDoNothing({ target: restaurantSettings.singleton });
}

/** The restaurant's settings. */
export async function getSettings(db: Database): Promise<RestaurantSettings> {
  const [row] = await db.select().from(restaurantSettings).limit(1);
  if (row) return present(row);
  await ensureSettings(db);
  const [created] = await db.select().from(restaurantSettings).limit(1);
  if (!created) throw new Error('restaurant settings row missing after insert');
  return present(created);
}

/** The password policy every password set on the server must meet. */
export async function getPasswordPolicy(db: Database): Promise<PasswordPolicy> {
  return (await getSettings(db)).passwordPolicy;
}

function legalColumns(texts: NonNullable<UpdateSettings['legalTexts']>) {
  return {
    ...(texts.terms === undefined ? {} : { termsText: texts.terms }),
    ...(texts.privacy === undefined ? {} : { privacyText: texts.privacy }),
    ...(texts.refund === undefined ? {} : { refundText: texts.refund }),
    ...(texts.delivery === undefined ? {} : { deliveryText: texts.delivery }),
  };
}

/** Changes the given settings (the rest stay as they are) and records the change in the audit log. */
export async function updateSettings(
  db: Database,
  actor: Actor,
  input: UpdateSettings,
): Promise<RestaurantSettings> {
  await ensureSettings(db);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(restaurantSettings).for('update');
    if (!current) throw new Error('restaurant settings row missing');
    const { passwordPolicy, legalTexts, ...identity } = input;
    const [row] = await tx
      .update(restaurantSettings)
      .set({
        ...identity,
        ...(passwordPolicy ? policyColumns(passwordPolicy) : {}),
        ...(legalTexts ? legalColumns(legalTexts) : {}),
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('restaurant settings row missing');
    const before = present(current);
    const after = present(row);
    const changed = (Object.keys(input) as (keyof UpdateSettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    if (changed.length > 0) {
      await recordAudit(tx, actor, {
        area: 'settings',
        action: 'settings.updated',
        summary: `Changed ${changed.join(', ')}`,
        targetType: 'settings',
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
    }
    return after;
  });
}
