import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import {
  type OpeningHours,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type RestaurantSettings,
  type UpdateSettings,
  WEEKDAYS,
} from '../../../shared/contracts/settings';
import { restaurantToday } from '../../../shared/coupon-rules';
import type { PasswordPolicy } from '../../../shared/password-policy';
import type { Database } from '../../db/client';
import { moneyRecorded } from '../../db/money-records';
import type { Queryable } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import {
  deleteImage,
  IMAGE_SIZES,
  imageUrl,
  type ProcessedImage,
  processImage,
  saveProcessedImage,
} from '../images';
import { type BankAccountReferrer, bankAccounts } from '../master-data';
import { paymentMethodAccounts, restaurantSettings } from './settings.schema';

export {
  type RestaurantSettings,
  RestaurantSettingsSchema,
  type UpdateSettings,
  UpdateSettingsSchema,
} from '../../../shared/contracts/settings';

type SettingsRow = typeof restaurantSettings.$inferSelect;
/** Payment method → account id, for the methods that have an account (rows of payment_method_accounts). */
type PaymentMapping = Record<string, string>;
export const LOGO = 'logo';

/** What a brand-new restaurant starts with. */
export const DEFAULT_SETTINGS = {
  name: 'Brigade Cafe',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'UTC',
} as const;

/** The payment-method → account mapping as rows say it. */
async function loadPaymentMapping(db: Queryable): Promise<PaymentMapping> {
  const rows = await db
    .select({ method: paymentMethodAccounts.method, accountId: paymentMethodAccounts.accountId })
    .from(paymentMethodAccounts);
  return Object.fromEntries(rows.map((row) => [row.method, row.accountId]));
}

function present(row: SettingsRow, mapping: PaymentMapping): RestaurantSettings {
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
    paymentAccounts: Object.fromEntries(PAYMENT_METHODS.map((method) => [method, mapping[method] ?? null])),
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
    booksLockedUntil: row.booksLockedUntil,
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

/**
 * While the settings send payments into an account (card, cash…), it can be neither archived nor
 * deleted: the owner first chooses another account for those methods. Master data asks this before
 * archiving or deleting an account (`SETTINGS_BANK_ACCOUNT_REFERRERS`, installed with the module:
 * master data never imports settings), so
 * the answer is a 409 naming the methods; the foreign key of payment_method_accounts refuses a delete
 * that comes any other way.
 */
async function paymentMappingRefusal(db: Queryable, account: { id: string; name: string }) {
  const rows = await db
    .select({ method: paymentMethodAccounts.method })
    .from(paymentMethodAccounts)
    .where(eq(paymentMethodAccounts.accountId, account.id));
  const mapped = new Set(rows.map((row) => row.method));
  const methods = PAYMENT_METHODS.filter((method) => mapped.has(method)).map((method) =>
    PAYMENT_METHOD_LABELS[method].toLowerCase(),
  );
  if (methods.length === 0) return null;
  return {
    message: `Bank account “${account.name}” receives ${methods.join(', ')} payments in the restaurant settings. Choose another account there first.`,
  };
}
/** What the settings say before a bank account is archived or deleted (installed with the module). */
export const SETTINGS_BANK_ACCOUNT_REFERRERS: readonly BankAccountReferrer[] = [paymentMappingRefusal];

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
  if (row) return present(row, await loadPaymentMapping(db));
  await ensureSettings(db);
  const [created] = await db.select().from(restaurantSettings).limit(1);
  if (!created) throw new Error('restaurant settings row missing after insert');
  return present(created, await loadPaymentMapping(db));
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
    if (input.booksLockedUntil) {
      // A lock date is a day already over: today's takings are still being recorded.
      const today = restaurantToday(input.timeZone ?? current.timeZone);
      if (input.booksLockedUntil >= today) {
        const message = `must be before today (${today})`;
        throw badRequest(`Invalid request body: booksLockedUntil: ${message}`, {
          issues: [{ path: 'booksLockedUntil', message }],
        });
      }
    }
    if (identity.currency !== undefined && identity.currency !== current.currency) {
      await refuseCurrencyChangeOverMoney(tx, current.currency, identity.currency);
    }
    if (paymentAccounts) await checkPaymentAccounts(tx, paymentAccounts);
    const mappingBefore = await loadPaymentMapping(tx);
    if (paymentAccounts) await savePaymentMapping(tx, paymentAccounts);
    const [row] = await tx
      .update(restaurantSettings)
      .set({
        ...identity,
        ...(passwordPolicy ? policyColumns(passwordPolicy) : {}),
        ...(legalTexts ? legalColumns(legalTexts) : {}),
        version: sql`${restaurantSettings.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(restaurantSettings.version, basedOn))
      .returning();
    if (!row) throw new Error('restaurant settings row missing');
    const before = present(current, mappingBefore);
    const after = present(row, paymentAccounts ? await loadPaymentMapping(tx) : mappingBefore);
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

/**
 * Money already recorded keeps the currency it was recorded in (db/money-records.ts), so the setting
 * cannot move away from under it: a 409 that says what is recorded and what to do. The caller holds
 * the settings row locked, and rows that record money read the currency from it `for share`, so none
 * can be recorded between this check and the change.
 */
async function refuseCurrencyChangeOverMoney(db: Queryable, from: string, to: string): Promise<void> {
  const recorded = await moneyRecorded(db);
  if (recorded.length === 0) return;
  const what = recorded
    .map((entry) => `${entry.count} ${entry.count === 1 ? entry.singular : entry.description}`)
    .join(', ');
  const remedies = recorded.map((entry) => entry.remedy);
  const todo = remedies.every((remedy) => remedy !== undefined)
    ? `To change it, first ${remedies.join(', and ')}.`
    : `Keep ${from}: money stays in the currency it was recorded in.`;
  throw conflict(
    `The currency cannot change from ${from} to ${to}: money is already recorded in ${from} (${what}), and those amounts would then read as ${to}. ${todo}`,
    {
      reason: 'money-recorded',
      issues: [{ path: 'currency', message: `cannot change while money is recorded in ${from}` }],
      recorded,
    },
  );
}

/** Writes the given methods' accounts as rows: an id sets the method's account, null removes it. */
async function savePaymentMapping(db: Queryable, mapping: NonNullable<UpdateSettings['paymentAccounts']>) {
  for (const [method, accountId] of Object.entries(mapping)) {
    if (accountId === undefined) continue;
    if (accountId === null) {
      await db.delete(paymentMethodAccounts).where(eq(paymentMethodAccounts.method, method));
    } else {
      await db
        .insert(paymentMethodAccounts)
        .values({ method, accountId })
        .onConflictDoUpdate({
          target: paymentMethodAccounts.method,
          set: { accountId },
          setWhere: sql`${paymentMethodAccounts.accountId} is distinct from excluded.account_id`,
        });
    }
  }
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
      await deleteImage(tx, current.logoImageId, LOGO);
    }
    const mapping = await loadPaymentMapping(tx);
    const before = present(current, mapping);
    const after = present(row, mapping);
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

/**
 * Payment methods that sent money into `accountId` no longer do (the account is being removed, e.g.
 * with the demo data); inside the caller's transaction. The settings count it as a change.
 */
export async function forgetPaymentAccount(db: Queryable, accountId: string): Promise<void> {
  const [settings] = await db.select({ id: restaurantSettings.id }).from(restaurantSettings).for('update');
  const forgotten = await db
    .delete(paymentMethodAccounts)
    .where(eq(paymentMethodAccounts.accountId, accountId))
    .returning({ method: paymentMethodAccounts.method });
  if (settings && forgotten.length > 0) {
    await db
      .update(restaurantSettings)
      .set({ updatedAt: new Date() })
      .where(eq(restaurantSettings.id, settings.id));
  }
}

/**
 * The active bank or cash account the settings send `method`'s payments into, or null when the method
 * has none (a payment lands in the account mapped to its method). Read `for share` in the
 * payment's transaction, so the mapping cannot change under a payment being recorded.
 */
export async function paymentAccountFor(
  db: Queryable,
  method: PaymentMethod,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: bankAccounts.id, name: bankAccounts.name })
    .from(paymentMethodAccounts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, paymentMethodAccounts.accountId))
    .where(and(eq(paymentMethodAccounts.method, method), eq(bankAccounts.active, true)))
    .for('share', { of: paymentMethodAccounts });
  return row ?? null;
}

/** What pricing and taking an order read from the settings (docs/PRODUCT-RULES.md, Orders). */
export interface OrderingSettings {
  currency: string;
  taxPercent: number;
  taxInclusive: boolean;
  serviceChargePercent: number;
  deliveryFee: number;
  deliveryMinimum: number;
  onlineOrdering: boolean;
  orderAgeAmberMinutes: number;
  orderAgeRedMinutes: number;
  /** A customer's order is taken only while open, and a pickup time must fall inside them. */
  openingHours: OpeningHours;
  timeZone: string;
}

/**
 * For a statement that records money on its own, outside a transaction that read the settings: SQL
 * that holds while the settings row still has `currency`, taking the row `for share` as
 * `orderingSettings` does. A currency change in progress is waited for and then seen (the lock reads
 * the row as committed), so it either sees the money that statement recorded and is refused, or the
 * statement sees the new currency and writes nothing.
 */
export const settingsCurrencyHeldSql = (currency: string | Placeholder) =>
  sql`exists (select 1 from ${restaurantSettings} where btrim(${restaurantSettings.currency}) = ${currency}::text for share)`;

/** What every movement of money is booked with: the restaurant's day, and the lock date of its books. */
export interface Bookkeeping {
  timeZone: string;
  /** Nothing dated on or before it is recorded, changed or voided; null: the books are open. */
  booksLockedUntil: string | null;
}

/**
 * The bookkeeping settings, read `for share` in the transaction that moves money: a lock date being
 * set waits for it, and cannot commit until it has (so a row is never booked into a period as it
 * closes).
 */
export async function bookkeeping(db: Queryable): Promise<Bookkeeping> {
  const [row] = await db
    .select({ timeZone: restaurantSettings.timeZone, booksLockedUntil: restaurantSettings.booksLockedUntil })
    .from(restaurantSettings)
    .limit(1)
    .for('share');
  if (!row) throw new Error('restaurant settings row missing');
  return row;
}

/**
 * The ordering settings, read `for share` inside the order's transaction: a currency or tax change in
 * progress is waited for, and cannot commit until the order (priced with these values) has.
 */
export async function orderingSettings(db: Queryable, { lock = true } = {}): Promise<OrderingSettings> {
  const query = db
    .select({
      currency: restaurantSettings.currency,
      taxPercent: restaurantSettings.taxPercent,
      taxInclusive: restaurantSettings.taxInclusive,
      serviceChargePercent: restaurantSettings.serviceChargePercent,
      deliveryFee: restaurantSettings.deliveryFee,
      deliveryMinimum: restaurantSettings.deliveryMinimum,
      onlineOrdering: restaurantSettings.onlineOrdering,
      orderAgeAmberMinutes: restaurantSettings.orderAgeAmberMinutes,
      orderAgeRedMinutes: restaurantSettings.orderAgeRedMinutes,
      openingHours: restaurantSettings.openingHours,
      timeZone: restaurantSettings.timeZone,
    })
    .from(restaurantSettings)
    .limit(1);
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw new Error('restaurant settings row missing');
  return { ...row, currency: row.currency.trim() };
}
