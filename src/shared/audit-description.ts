import {
  FIELD_LABELS_BY_RECORD,
  type FieldLabel,
  type FieldLabels,
  ROLE_NAMES,
} from './contracts/field-labels';
import { formatMoney } from './money';

/**
 * The audit log as a person reads it: "Price of Latte: $4.50 → $4.75", "Made Dana a Manager (was
 * Staff)". Built when the log is read, from the stored action, before and after and the label table
 * of the record type, so entries written before this existed read as sentences too. Zod-free.
 */

/** What the describer needs of an entry. */
export interface DescribableAuditEntry {
  action: string;
  summary: string;
  targetType: string | null;
  before: unknown;
  after: unknown;
  /** The target's current name when the entry itself does not carry it (a user's role change). */
  targetName?: string | null;
}

/** How money and numbers read: the restaurant's currency and locale. */
export interface DescribeContext {
  currency: string;
  locale: string;
}

export interface AuditDescription {
  /** "Role changed", "Menu item changed": what happened, in two or three words. */
  actionLabel: string;
  /** The whole entry as one sentence. */
  sentence: string;
}

type Values = Record<string, unknown>;

function isObject(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `taxPercent` → "Tax percent": a field the tables do not know still reads as words. */
function humanizeKey(key: string): string {
  return capitalize(
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replaceAll('-', ' ')
      .toLowerCase(),
  );
}

function shorten(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function isRange(value: unknown): value is { open: string; close: string } {
  return isObject(value) && typeof value.open === 'string' && typeof value.close === 'string';
}

/** One value as it reads in a sentence. */
export function formatFieldValue(value: unknown, field: FieldLabel, context: DescribeContext): string {
  if (value === null || value === undefined) return 'none';
  if (value === '') return 'empty';
  const word = (item: unknown) => field.values?.[String(item)] ?? String(item);
  switch (field.format) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, context.currency, context.locale) : word(value);
    case 'percent':
      return typeof value === 'number' ? `${value}%` : word(value);
    case 'minutes':
      return typeof value === 'number' ? `${value} min` : word(value);
    case 'yes-no':
      return value === true ? 'Yes' : value === false ? 'No' : word(value);
    case 'hours':
      if (Array.isArray(value)) {
        return value.length === 0
          ? 'Closed'
          : value.map((range) => (isRange(range) ? `${range.open}–${range.close}` : '?')).join(', ');
      }
      return word(value);
    default:
      if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(word).join(', ');
      if (isObject(value)) return 'set';
      return shorten(word(value));
  }
}

/** One changed field: its label and, unless only "changed" is said, the values before and after. */
export interface FieldChange {
  label: string;
  from?: string;
  to?: string;
}

/** "Price $4.50 → $4.75", or "Description changed". */
export function changeText(change: FieldChange): string {
  return change.from === undefined
    ? `${change.label} changed`
    : `${change.label} ${change.from} → ${change.to}`;
}

/**
 * The fields that differ between `before` and `after`, labelled by `labels`; nested objects with
 * their own table (opening hours, the password policy) are said field by field.
 */
export function describeChanges(
  before: unknown,
  after: unknown,
  labels: FieldLabels,
  context: DescribeContext,
): FieldChange[] {
  const old = isObject(before) ? before : {};
  const next = isObject(after) ? after : {};
  // In the order of the label table (the order of the form), not jsonb's order of stored keys.
  const order = Object.keys(labels);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort((a, b) => rank(a) - rank(b));
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const field = labels[key] ?? { label: humanizeKey(key) };
    if (field.hidden || same(old[key], next[key])) continue;
    if (field.fields && (isObject(old[key]) || isObject(next[key]))) {
      const inner = describeChanges(old[key], next[key], field.fields, context);
      // Several fields with nothing to repeat (the six payment accounts) say it once for the group.
      const onlyChanged = inner.every((change) => change.from === undefined);
      changes.push(
        ...(inner.length > 0 && !(onlyChanged && inner.length > 1) ? inner : [{ label: field.label }]),
      );
    } else if (field.format === 'changed') {
      changes.push({ label: field.label });
    } else {
      changes.push({
        label: field.label,
        from: formatFieldValue(old[key], field, context),
        to: formatFieldValue(next[key], field, context),
      });
    }
  }
  return changes;
}

const ROLE_WITH_ARTICLE: Readonly<Record<string, string>> = {
  customer: 'a Customer',
  staff: 'a Staff member',
  manager: 'a Manager',
  admin: 'an Admin',
};

/** Readable names of the actions that are not a record type's created/updated/…. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'settings.updated': 'Settings changed',
  'user.created': 'Staff member invited',
  'user.role-changed': 'Role changed',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account enabled',
  'user.password-reset-sent': 'Password reset sent',
  'user.invitation-resent': 'Invitation sent again',
  'demo-data.removed': 'Demo data removed',
  'menu-item.photo-changed': 'Menu item photo changed',
  'menu-item.photo-removed': 'Menu item photo removed',
  'backup.downloaded': 'Backup downloaded',
  'backup.restored': 'Backup restored',
  'backup-schedule.updated': 'Automatic backups changed',
  'ledger.recorded': 'Bank or cash entry recorded',
  'ledger.transferred': 'Money moved between accounts',
  'ledger.voided': 'Bank or cash entry voided',
};

const VERB_LABELS: Readonly<Record<string, string>> = {
  created: 'added',
  updated: 'changed',
  archived: 'archived',
  restored: 'restored',
  deleted: 'deleted',
  reordered: 'reordered',
};

/** "Role changed", "Menu item added", …; an action nobody named reads as its words. */
export function auditActionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const [noun = action, verb = ''] = action.split('.');
  const words = noun.replaceAll('-', ' ');
  return capitalize(`${words} ${VERB_LABELS[verb] ?? verb.replaceAll('-', ' ')}`.trim());
}

function nameOf(entry: DescribableAuditEntry): string | null {
  for (const values of [entry.after, entry.before]) {
    if (isObject(values) && typeof values.name === 'string' && values.name.trim()) return values.name.trim();
  }
  if (entry.targetName?.trim()) return entry.targetName.trim();
  // A change stores only the changed fields; its summary names the record as `noun “name”`.
  return /“([^”]+)”/.exec(entry.summary)?.[1]?.trim() || null;
}

function roleOf(values: unknown): string | null {
  return isObject(values) && typeof values.role === 'string' ? values.role : null;
}

function describeUserEntry(entry: DescribableAuditEntry, verb: string): string | null {
  const name = nameOf(entry);
  if (!name) return null;
  const after = isObject(entry.after) ? entry.after : {};
  switch (verb) {
    case 'created': {
      const role = roleOf(entry.after);
      const email = typeof after.email === 'string' ? ` (${after.email})` : '';
      return `Invited ${name}${email}${role ? ` as ${ROLE_WITH_ARTICLE[role] ?? role}` : ''}`;
    }
    case 'role-changed': {
      const [from, to] = [roleOf(entry.before), roleOf(entry.after)];
      if (!to) return null;
      const was = from ? ` (was ${ROLE_NAMES[from] ?? from})` : '';
      return `Made ${name} ${ROLE_WITH_ARTICLE[to] ?? to}${was}`;
    }
    case 'disabled': {
      const ended = typeof after.endedSessions === 'number' ? after.endedSessions : 0;
      const signedOut = ended > 0 ? ` and signed them out of ${ended} session${ended === 1 ? '' : 's'}` : '';
      return `Disabled the account of ${name}${signedOut}`;
    }
    case 'enabled':
      return `Enabled the account of ${name}`;
    case 'password-reset-sent':
      return `Sent ${name} a password reset e-mail`;
    case 'invitation-resent':
      return `Sent ${name} a new invitation`;
    default:
      return null;
  }
}

function describeSettingsEntry(entry: DescribableAuditEntry, context: DescribeContext): string | null {
  const before = isObject(entry.before) ? entry.before : {};
  const after = isObject(entry.after) ? entry.after : {};
  const keys = Object.keys({ ...before, ...after });
  if (keys.length === 1 && keys[0] === 'logoUrl') {
    if (!after.logoUrl) return 'Removed the logo';
    return before.logoUrl ? 'Changed the logo' : 'Added a logo';
  }
  const changes = describeChanges(before, after, FIELD_LABELS_BY_RECORD.settings ?? {}, context);
  return changes.length > 0 ? `Changed the restaurant settings: ${changes.map(changeText).join(', ')}` : null;
}

function describeRecordEntry(
  entry: DescribableAuditEntry,
  noun: string,
  verb: string,
  context: DescribeContext,
): string | null {
  const name = nameOf(entry);
  if (!name) return null;
  switch (verb) {
    case 'created':
      return `Added the ${noun} ${name}`;
    case 'archived':
      return `Archived the ${noun} ${name}`;
    case 'restored':
      return `Restored the ${noun} ${name}`;
    case 'deleted':
      return `Deleted the ${noun} ${name}`;
    case 'updated': {
      const changes = describeChanges(entry.before, entry.after, FIELD_LABELS_BY_RECORD[noun] ?? {}, context);
      const [only] = changes;
      if (!only) return `Changed the ${noun} ${name}`;
      // One change names the record inside it: "Price of Latte: $4.50 → $4.75".
      if (changes.length === 1) {
        return only.from === undefined
          ? `${only.label} of ${name} changed`
          : `${only.label} of ${name}: ${only.from} → ${only.to}`;
      }
      return `Changed the ${noun} ${name}: ${changes.map(changeText).join(', ')}`;
    }
    default:
      return null;
  }
}

/** The entry as an action name and a sentence; what cannot be said better keeps its stored summary. */
export function describeAuditEntry(entry: DescribableAuditEntry, context: DescribeContext): AuditDescription {
  const actionLabel = auditActionLabel(entry.action);
  const [prefix = '', verb = ''] = entry.action.split('.');
  let sentence: string | null = null;
  if (prefix === 'user') sentence = describeUserEntry(entry, verb);
  else if (prefix === 'settings') sentence = describeSettingsEntry(entry, context);
  else {
    const noun = entry.targetType ?? prefix.replaceAll('-', ' ');
    if (FIELD_LABELS_BY_RECORD[noun]) sentence = describeRecordEntry(entry, noun, verb, context);
  }
  return { actionLabel, sentence: sentence ?? entry.summary };
}
