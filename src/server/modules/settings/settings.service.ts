import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type OpeningHours,
  PAYMENT_METHODS,
  type RestaurantSettings,
  type UpdateSettings,
  WEEKDAYS,
} from '../../../shared/contracts/settings';
import type { PasswordPolicy } from '../../../shared/password-policy';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit/audit.service';
import { publishChange } from '../events';
import { storedImages } from '../images/images.schema';
import {
  IMAGE_SIZES,
  imageUrl,
  type ProcessedImage,
  processImage,
  saveProcessedImage,
} from '../images/images.service';
import { bankAccounts } from '../master-data/master-data.schema';
import { restaurantSettings } from './settings.schema';

export {
  type RestaurantSettings,
  RestaurantSettingsSchema,
  type UpdateSettings,
  UpdateSettingsSchema,
} from '../../../shared/contracts/settings';

type SettingsRow = typeof restaurantSettings.$inferSelect;
export const LOGO = 'logo';

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
    logoUrl: row.logoImageId ? imageUrl(row.logoImageId) : null,
    // jsonb keeps keys in its own order; show the week from Monday.
    openingHours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, (row.openingHours as OpeningHours)[day] ?? []]),
    ) as OpeningHours,
    taxPercent: Number(row.taxPercent),
    taxInclusive: row.taxInclusive,
    serviceChargePercent: Number(row.serviceChargePercent),
    deliveryFee: row.deliveryFee,
    deliveryMinimum: row.deliveryMinimum,
    onlineOrdering: row.onlineOrdering,
    orderAgeAmberMinutes: row.orderAgeAmberMinutes,
    orderAgeRedMinutes: row.orderAgeRedMinutes,
    paymentAccounts: Object.fromEntries(
      PAYMENT_METHODS.map((method) => [
        method,
        (row.paymentAccounts as Record<string, string | null>)[method] ?? null,
      ]),
    ),
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
    version: row.version,
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

/** The settings as the back office reads them: only who may (policy `settings.read`). */
export async function getSettingsAs(db: Database, actor: Actor): Promise<RestaurantSettings> {
  authorize(actor, 'settings.read');
  return getSettings(db);
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
  actor: Actor | null,
  input: UpdateSettings,
): Promise<RestaurantSettings> {
  if (actor) authorize(actor, 'settings.update'); // null: the system (demo seed)
  await ensureSettings(db);
  return db.transaction(async (tx) => {
    // The public menu shows the restaurant's details: both topics change.
    await publishChange(tx, 'settings');
    await publishChange(tx, 'menu');
    const [current] = await tx.select().from(restaurantSettings).for('update');
    if (!current) throw new Error('restaurant settings row missing');
    const { passwordPolicy, legalTexts, paymentAccounts, version: basedOn, ...identity } = input;
    // Stale writes (shared/contracts/fields `versionField`): the row is locked, so this compare holds.
    if (current.version !== basedOn) throw staleWrite('the settings', current.version);
    const amber = input.orderAgeAmberMinutes ?? current.orderAgeAmberMinutes;
    const red = input.orderAgeRedMinutes ?? current.orderAgeRedMinutes;
    if (red <= amber) {
      const path = input.orderAgeRedMinutes !== undefined ? 'orderAgeRedMinutes' : 'orderAgeAmberMinutes';
      const message =
        path === 'orderAgeRedMinutes'
          ? 'must be more than the amber threshold'
          : 'must be less than the red threshold';
      throw badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
    }
    if (paymentAccounts) await checkPaymentAccounts(tx, paymentAccounts);
    const [row] = await tx
      .update(restaurantSettings)
      .set({
        ...identity,
        ...(passwordPolicy ? policyColumns(passwordPolicy) : {}),
        ...(legalTexts ? legalColumns(legalTexts) : {}),
        ...(paymentAccounts
          ? {
              paymentAccounts: {
                ...(current.paymentAccounts as Record<string, string | null>),
                ...paymentAccounts,
              },
            }
          : {}),
        version: sql`${restaurantSettings.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(restaurantSettings.version, basedOn))
      .returning();
    if (!row) throw new Error('restaurant settings row missing');
    const before = present(current);
    const after = present(row);
    const changed = (Object.keys(input) as (keyof UpdateSettings)[]).filter(
      (key) => key !== 'version' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
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

/** Each payment method must land in an active bank or cash account (or none). */
async function checkPaymentAccounts(db: Database, mapping: NonNullable<UpdateSettings['paymentAccounts']>) {
  const ids = [...new Set(Object.values(mapping).filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(inArray(bankAccounts.id, ids), eq(bankAccounts.active, true)));
  const known = new Set(found.map((row) => row.id));
  const wrong = Object.entries(mapping).find(([, id]) => typeof id === 'string' && !known.has(id));
  if (wrong) {
    const path = `paymentAccounts.${wrong[0]}`;
    const message = 'is not an active bank or cash account';
    throw badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
  }
}

async function replaceLogo(
  db: Database,
  actor: Actor,
  image: ProcessedImage | null,
): Promise<RestaurantSettings> {
  authorize(actor, 'settings.update');
  await ensureSettings(db);
  return db.transaction(async (tx) => {
    // The public menu shows the restaurant's details: both topics change.
    await publishChange(tx, 'settings');
    await publishChange(tx, 'menu');
    const [current] = await tx.select().from(restaurantSettings).for('update');
    if (!current) throw new Error('restaurant settings row missing');
    const stored = image ? await saveProcessedImage(tx, LOGO, image) : null;
    const [row] = await tx
      .update(restaurantSettings)
      .set({ logoImageId: stored?.id ?? null, updatedAt: new Date() })
      .returning();
    if (!row) throw new Error('restaurant settings row missing');
    if (current.logoImageId) {
      await tx
        .delete(storedImages)
        .where(and(eq(storedImages.id, current.logoImageId), eq(storedImages.purpose, LOGO)));
    }
    const before = present(current);
    const after = present(row);
    await recordAudit(tx, actor, {
      area: 'settings',
      action: 'settings.updated',
      summary: stored ? 'Changed the logo' : 'Removed the logo',
      targetType: 'settings',
      before: { logoUrl: before.logoUrl },
      after: { logoUrl: after.logoUrl },
    });
    return after;
  });
}

/** Sets the restaurant's logo from an upload (decoded, fitted in 512 × 512, stored as WebP). */
export async function setLogo(db: Database, actor: Actor, bytes: Uint8Array): Promise<RestaurantSettings> {
  const image = await processImage(bytes, IMAGE_SIZES[LOGO]);
  return replaceLogo(db, actor, image);
}

/** Removes the restaurant's logo. */
export async function removeLogo(db: Database, actor: Actor): Promise<RestaurantSettings> {
  return replaceLogo(db, actor, null);
}
