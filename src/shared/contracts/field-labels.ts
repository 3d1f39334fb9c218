import { SUPPORTED_LOCALES } from '../locales';
import { ALLERGENS, allergenLabel, MENU_TAG_LABELS } from '../menu-catalog';
import { WEEKDAY_LABELS, WEEKDAYS } from '../weekdays';

/**
 * What each field of a record type is called where people read it (the audit log, and the forms
 * where they show the same words), and how its value reads. One table per record type, keyed by the
 * field name of the record as the API presents it. Zod-free: plain words and formats only.
 */

/** How a value reads: money in the restaurant currency, a percentage, yes or no, … */
export type FieldFormat =
  | 'text'
  | 'number'
  | 'money'
  | 'percent'
  | 'minutes'
  | 'yes-no'
  | 'list'
  /** Too long or too technical to repeat (legal texts, ids, photos): only "changed" is said. */
  | 'changed'
  /** Opening periods of a day: `07:30–18:00`, or "closed". */
  | 'hours';

export interface FieldLabel {
  label: string;
  format?: FieldFormat;
  /** Words for coded values (`kitchen` → "Kitchen"). */
  values?: Readonly<Record<string, string>>;
  /** Fields of a nested object, said one by one (the password policy, the legal texts). */
  fields?: FieldLabels;
  /** Not worth saying (ids shown through another field, positions, time stamps). */
  hidden?: boolean;
}

export type FieldLabels = Readonly<Record<string, FieldLabel>>;

const hidden: FieldLabel = { label: '', hidden: true };

/** Fields every back-office record has. */
const RECORD_FIELDS: FieldLabels = {
  id: hidden,
  createdAt: hidden,
  updatedAt: hidden,
  version: hidden,
  active: { label: 'Active', format: 'yes-no' },
};

const CONTACT_FIELDS: FieldLabels = {
  contactName: { label: 'Contact person' },
  phone: { label: 'Phone' },
  email: { label: 'Email' },
  address: { label: 'Address' },
  notes: { label: 'Notes', format: 'changed' },
};

export const ROLE_NAMES: Readonly<Record<string, string>> = {
  customer: 'Customer',
  staff: 'Staff',
  manager: 'Manager',
  admin: 'Admin',
};

export const SETTINGS_FIELD_LABELS = {
  name: { label: 'Restaurant name' },
  address: { label: 'Address' },
  phone: { label: 'Phone' },
  email: { label: 'Email' },
  logoUrl: { label: 'Logo', format: 'changed' },
  openingHours: {
    label: 'Opening hours',
    fields: Object.fromEntries(WEEKDAYS.map((day) => [day, { label: WEEKDAY_LABELS[day], format: 'hours' }])),
  },
  currency: { label: 'Currency' },
  locale: {
    label: 'Locale',
    values: Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale.code, locale.name])),
  },
  timeZone: { label: 'Time zone' },
  taxPercent: { label: 'Tax', format: 'percent' },
  taxInclusive: { label: 'Prices include tax', format: 'yes-no' },
  serviceChargePercent: { label: 'Service charge', format: 'percent' },
  deliveryFee: { label: 'Delivery fee', format: 'money' },
  deliveryMinimum: { label: 'Minimum order for delivery', format: 'money' },
  onlineOrdering: { label: 'Online ordering', format: 'yes-no' },
  orderAgeAmberMinutes: { label: 'Amber after', format: 'minutes' },
  orderAgeRedMinutes: { label: 'Red after', format: 'minutes' },
  booksLockedUntil: { label: 'Books closed up to' },
  paymentAccounts: {
    label: 'Payment accounts',
    fields: {
      cash: { label: 'Cash payments account', format: 'changed' },
      card: { label: 'Card payments account', format: 'changed' },
      qr: { label: 'QR or e-wallet payments account', format: 'changed' },
      'bank-transfer': { label: 'Bank transfer payments account', format: 'changed' },
      online: { label: 'Online payments account', format: 'changed' },
      partner: { label: 'Partner payments account', format: 'changed' },
    },
  },
  passwordPolicy: {
    label: 'Password policy',
    fields: {
      minLength: { label: 'Minimum password length', format: 'number' },
      maxLength: { label: 'Maximum password length', format: 'number' },
      requireLowercase: { label: 'Password needs a lowercase letter', format: 'yes-no' },
      requireUppercase: { label: 'Password needs an uppercase letter', format: 'yes-no' },
      requireDigit: { label: 'Password needs a digit', format: 'yes-no' },
      requireSymbol: { label: 'Password needs a symbol', format: 'yes-no' },
    },
  },
  legalTexts: {
    label: 'Legal pages',
    fields: {
      terms: { label: 'Terms of Service', format: 'changed' },
      privacy: { label: 'Privacy Policy', format: 'changed' },
      refund: { label: 'Refund Policy', format: 'changed' },
      delivery: { label: 'Delivery Policy', format: 'changed' },
    },
  },
  updatedAt: hidden,
  version: hidden,
} satisfies FieldLabels;

export const MENU_ITEM_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  description: { label: 'Description', format: 'changed' },
  categoryId: hidden,
  categoryName: { label: 'Category' },
  price: { label: 'Price', format: 'money' },
  photoUrl: { label: 'Photo', format: 'changed' },
  availableToday: { label: 'Available today', format: 'yes-no' },
  shownOnline: { label: 'Shown online', format: 'yes-no' },
  tags: { label: 'Tags', format: 'list', values: MENU_TAG_LABELS },
  allergens: {
    label: 'Allergens',
    format: 'list',
    values: Object.fromEntries(ALLERGENS.map((allergen) => [allergen, allergenLabel(allergen)])),
  },
  station: { label: 'Station', values: { kitchen: 'Kitchen', bar: 'Bar' } },
  sortOrder: hidden,
  modifierGroups: { label: 'Modifiers', format: 'changed' },
} satisfies FieldLabels;

export const SUPPLIER_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  ...CONTACT_FIELDS,
} satisfies FieldLabels;

export const PARTNER_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  kind: { label: 'Kind', values: { delivery: 'Delivery', marketplace: 'Marketplace' } },
  commissionPercent: { label: 'Commission', format: 'percent' },
  ...CONTACT_FIELDS,
} satisfies FieldLabels;

export const EXPENSE_CATEGORY_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  description: { label: 'Description' },
} satisfies FieldLabels;

export const UNIT_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  symbol: { label: 'Symbol' },
  baseUnitId: hidden,
  baseUnitSymbol: { label: 'Base unit' },
  factor: { label: 'Factor', format: 'number' },
} satisfies FieldLabels;

export const FOOD_CATEGORY_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  description: { label: 'Description' },
  sortOrder: hidden,
} satisfies FieldLabels;

export const BANK_ACCOUNT_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  type: { label: 'Type', values: { cash: 'Cash', bank: 'Bank', 'e-wallet': 'E-wallet' } },
  bankName: { label: 'Bank' },
  accountNumber: { label: 'Account number', format: 'changed' },
  openingBalance: { label: 'Opening balance', format: 'money' },
  openingDate: { label: 'Opening date' },
} satisfies FieldLabels;

export const DINING_TABLE_FIELD_LABELS = {
  ...RECORD_FIELDS,
  name: { label: 'Name' },
  seats: { label: 'Seats', format: 'number' },
  area: { label: 'Area' },
  orderingPath: hidden,
} satisfies FieldLabels;

export const USER_FIELD_LABELS = {
  name: { label: 'Name' },
  email: { label: 'Email' },
  phoneNumber: { label: 'Phone' },
  role: { label: 'Role', values: ROLE_NAMES },
  disabled: { label: 'Disabled', format: 'yes-no' },
  endedSessions: hidden,
} satisfies FieldLabels;

export const COUPON_FIELD_LABELS = {
  ...RECORD_FIELDS,
  code: { label: 'Code' },
  description: { label: 'Description' },
  kind: { label: 'Kind', values: { percent: 'Percentage', amount: 'Fixed amount' } },
  // A percentage or an amount in minor units, depending on the kind: the summary line names the change.
  value: { label: 'Value', format: 'changed' },
  minOrder: { label: 'Minimum order', format: 'money' },
  maxDiscount: { label: 'Maximum discount', format: 'money' },
  validFrom: { label: 'Valid from' },
  validUntil: { label: 'Valid until' },
  usageLimit: { label: 'Usage limit', format: 'number' },
  perCustomerLimit: { label: 'Per-customer limit', format: 'number' },
  channels: { label: 'Channels', format: 'list', values: { pos: 'Point of sale', online: 'Online' } },
} satisfies FieldLabels;

/** The label table of each record type, by the noun the audit log stores as its target type. */
export const FIELD_LABELS_BY_RECORD: Readonly<Record<string, FieldLabels>> = {
  settings: SETTINGS_FIELD_LABELS,
  'menu item': MENU_ITEM_FIELD_LABELS,
  supplier: SUPPLIER_FIELD_LABELS,
  partner: PARTNER_FIELD_LABELS,
  'expense category': EXPENSE_CATEGORY_FIELD_LABELS,
  unit: UNIT_FIELD_LABELS,
  'food category': FOOD_CATEGORY_FIELD_LABELS,
  'bank account': BANK_ACCOUNT_FIELD_LABELS,
  'dining table': DINING_TABLE_FIELD_LABELS,
  user: USER_FIELD_LABELS,
  coupon: COUPON_FIELD_LABELS,
};
