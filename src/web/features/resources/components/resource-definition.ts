import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import { inputToMinor } from '../../../../shared/money';
import type { Conversion, FieldErrors, SchemaForm } from '../../../lib/use-schema-form';
import type { ResourceListParams } from '../api/resource-api';

/**
 * The back-office list-and-form pattern. A screen is described once by a `ResourceDefinition`
 * (what the records are called, where they live in the API, which columns the list shows, which fields
 * the form has and how its text becomes the request body); `ResourceScreen` turns it into search,
 * Active / Archived, "Load more", Add, Edit, Archive / Restore and Delete. A new entity writes a
 * definition, not a screen (see src/web/features/master-data/definitions/ for examples).
 */

/** What every record of the pattern has: the server's resource shape (src/server/lib/resource.ts). */
export interface ResourceItem {
  id: string;
  active: boolean;
  name: string;
  /** Sent with every change (stale writes are refused with 409). */
  version: number;
}

/** Run-time facts a definition may need to show or convert values (money needs the currency). */
export interface ResourceContext {
  currency: string;
  locale: string;
}

/** Whether the form adds a record or changes one. */
export type FormMode = 'create' | 'edit';

/** Keys of `T` whose values are of type `V` (text fields bind to strings, switches to booleans). */
export type KeysOfType<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/** The part of `useSchemaForm` a field needs: values, changes and messages (no submit). */
export type FormControls<Values> = Pick<
  SchemaForm<Values, unknown>,
  'values' | 'setField' | 'setValues' | 'errorOf' | 'touch' | 'submitting'
>;

/** What a custom field component gets. */
export interface ResourceFieldProps<Values> {
  form: FormControls<Values>;
  context: ResourceContext;
  mode: FormMode;
  /** The record being edited, null while adding. */
  recordId: string | null;
}

interface BaseField<Values> {
  label: string;
  /** Help under the control; a function sees the current values ("1 g = 0.001 kg"). */
  description?: ReactNode | ((values: Values, context: ResourceContext) => ReactNode);
  /** `half` puts two fields side by side from the small breakpoint up. */
  span?: 'full' | 'half';
  /** Shown only when this returns true (a factor only once a base unit is chosen). */
  visible?: (values: Values) => boolean;
}

/** One form field, rendered by `ResourceFormFields` from the definition. */
export type ResourceFieldDefinition<Values> =
  | (BaseField<Values> & {
      kind: 'text';
      name: KeysOfType<Values, string>;
      type?: 'text' | 'email' | 'tel' | 'date';
      inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
      autoComplete?: string;
      maxLength?: number;
      placeholder?: string;
    })
  | (BaseField<Values> & {
      kind: 'textarea';
      name: KeysOfType<Values, string>;
      maxLength?: number;
      rows?: number;
    })
  | (BaseField<Values> & { kind: 'money'; name: KeysOfType<Values, string> })
  | (BaseField<Values> & {
      kind: 'select';
      name: KeysOfType<Values, string>;
      options: readonly { value: string; label: string }[];
    })
  | (BaseField<Values> & { kind: 'switch'; name: KeysOfType<Values, boolean> })
  | {
      kind: 'custom';
      /** A React key; the component may use hooks (a select filled from another resource). */
      key: string;
      Component: ComponentType<ResourceFieldProps<Values>>;
      span?: 'full' | 'half';
    };

/** The form of a resource: the shared zod contracts and the mapping between records and form values. */
export interface ResourceFormDefinition<Item, Values, Input, Update> {
  /** The server's create schema (src/shared/contracts): the form validates with it as the user types. */
  createSchema: z.ZodType<Input>;
  /** The server's update schema: validates an edit; only the fields that changed are sent. */
  updateSchema: z.ZodType<Update>;
  /** The values of a new record. */
  emptyValues: (context: ResourceContext) => Values;
  /** A record (read whole with GET /{id}) as form values: numbers as text, null as ''. */
  toFormValues: (item: Item, context: ResourceContext) => Values;
  /** Form values to the request body; problems of the conversion itself by path. */
  convert: (values: Values, context: ResourceContext) => Conversion;
  /** The fields, in order. */
  fields: readonly ResourceFieldDefinition<Values>[];
}

/** One column of the list: a table column on wide screens, a line of a card on phones. */
export interface ResourceColumn<Item> {
  id: string;
  header: string;
  cell: (item: Item, context: ResourceContext) => ReactNode;
  /**
   * On phones: `primary` is the card's title (the first column by default), `detail` (the default) a
   * labelled line, `hidden` leaves it out.
   */
  mobile?: 'primary' | 'detail' | 'hidden';
  /** Numbers line up on the right. */
  align?: 'start' | 'end';
}

/** An extra action per row (a table's QR code), opening its own dialog. */
export interface ResourceRowAction<Item> {
  id: string;
  label: string;
  icon?: LucideIcon;
  /** Shown only for some records. */
  available?: (item: Item) => boolean;
  Dialog: ComponentType<{ item: Item; onClose: () => void }>;
}

/** Everything `ResourceScreen` needs to know about one kind of record. */
export interface ResourceDefinition<Item extends ResourceItem, Values, Input, Update> {
  /** Singular and plural nouns in lower case ("expense category"), used in titles, toasts and messages. */
  noun: string;
  nounPlural: string;
  /** One sentence under the heading: what these records are for. */
  description?: string;
  /** The API collection (`/api/suppliers`). */
  apiPath: string;
  /** List order: newest first (default) or by position. */
  sort?: ResourceListParams['sort'];
  /**
   * An order of the loaded records in the browser (tables by name, T2 before T10). Pair it with a
   * `pageSize` that holds them all, or the order holds only within each loaded page.
   */
  compare?: (a: Item, b: Item) => number;
  /** Records per page of the list (50 by default, at most 500). */
  pageSize?: number;
  /** Buttons beside Add (a table's "Print all QR codes"). */
  HeaderActions?: ComponentType;
  /** Placeholder of the search box ("Search name, phone or e-mail"). */
  searchPlaceholder: string;
  columns: readonly ResourceColumn<Item>[];
  form: ResourceFormDefinition<Item, Values, Input, Update>;
  rowActions?: readonly ResourceRowAction<Item>[];
  /** The name of a record in messages; its `name` by default. */
  itemLabel?: (item: Item) => string;
}

/** Builds a definition with its types checked and inferred (`defineResource({...})`). */
export function defineResource<Item extends ResourceItem, Values, Input, Update>(
  definition: ResourceDefinition<Item, Values, Input, Update>,
): ResourceDefinition<Item, Values, Input, Update> {
  return definition;
}

/** "expense category" → "Expense category". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Typed text to a number for the schema: '' stays NaN so the schema names the field ("Must be a
 * number."), a decimal comma is accepted.
 */
export function textToNumber(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** Optional numbers: '' is left out of the request. */
export function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : textToNumber(text);
}

/** A number as form text ('' for null). */
export function numberToText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

export const MONEY_FORMAT_ERROR = 'Enter an amount such as 4.50.';

/** Collects the problems of a conversion (money typed wrongly) for `Conversion.errors`. */
export function conversionErrors(entries: readonly [string, string | null][]): FieldErrors | undefined {
  const errors = Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Money typed as text to minor units; a wrong amount sends 0 and reports `MONEY_FORMAT_ERROR`. */
export function convertMoney(text: string, currency: string): { minor: number; error: string | null } {
  const minor = inputToMinor(text, currency);
  return minor === null ? { minor: 0, error: MONEY_FORMAT_ERROR } : { minor, error: null };
}
