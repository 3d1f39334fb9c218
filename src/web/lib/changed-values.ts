/**
 * What an edit form sends: the fields that differ from the values it was loaded with. Pure, so the
 * rule is tested without a browser; `useSchemaForm().changes` applies it to a form.
 */

/**
 * Whether two request values are the same: text, numbers, booleans and null by value; arrays element
 * by element, in order; objects key by key, whatever their key order, a missing key the same as one
 * that is `undefined` (JSON drops both).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!sameValue(left[key], right[key])) return false;
  }
  return true;
}

/**
 * The top-level fields of `values` that differ from `base`, for a PATCH: one changed price sends only
 * the price. A field that holds a list or an object (modifier groups, opening hours, the password
 * policy) is compared whole and, when any part of it differs, sent whole: the server replaces such a
 * field rather than merging into it. A field whose new value is `undefined` is never sent (JSON has
 * no way to say it). `version` is not a field: the caller adds the one the change is based on.
 */
export function changedValues<T extends object>(base: object | null | undefined, values: T): Partial<T> {
  const before = (base ?? {}) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'version' || value === undefined) continue;
    if (!sameValue(value, before[key])) changes[key] = value;
  }
  return changes as Partial<T>;
}
