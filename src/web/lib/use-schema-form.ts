import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { asSentence } from '../../shared/field-messages';
import { errorMessage, isApiError } from './api-client';
import { changedValues, sameValue } from './changed-values';
import { useFocusFirstInvalid } from './focus-first-invalid';
import { isStaleWrite, staleWriteMessage } from './stale-write';

/** Field errors by path: `name`, `price`, `modifierGroups.0.options.1.name`. */
export type FieldErrors = Record<string, string>;

/** What a form's values become before the schema sees them: typed text → numbers, etc. */
export interface Conversion {
  input: unknown;
  /** Problems the conversion itself found ("Enter an amount such as 4.50"), by path. */
  errors?: FieldErrors;
}

export interface SchemaFormOptions<Values, Input> {
  /** The same zod schema the server validates the request with (`src/shared/contracts`). */
  schema: z.ZodType<Input>;
  initialValues: Values;
  /** Turns the form's values into the request body; the default sends them as they are. */
  convert?: (values: Values) => Conversion;
  /**
   * The `version` of the record being edited (stale writes, see shared/contracts/fields): it is added
   * to the checked input as `version`, so the change says which version it was based on.
   */
  version?: number;
  /**
   * Reads the record again after the server refused a change as stale (409, `reason: 'stale'`): the
   * form then shows the saved values and version, and says that someone else changed `subject`.
   */
  reload?: () => Promise<{ values: Values; version: number }>;
  /** What the stale message names: "this menu item", "the settings". */
  subject?: string;
}

function issuesToErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '(form)';
    errors[path] ??= sentence(issue.message);
  }
  return errors;
}

/** zod's and the server's messages are phrased after the field name ("enter a name"). */
const sentence = asSentence;

/** Validates `values` as the server will: conversion problems first, then the schema. */
export function validateWithSchema<Values, Input>(
  schema: z.ZodType<Input>,
  values: Values,
  convert: (values: Values) => Conversion,
): { input: Input | null; errors: FieldErrors } {
  const conversion = convert(values);
  const result = schema.safeParse(conversion.input);
  const schemaErrors = result.success ? {} : issuesToErrors(result.error.issues);
  const errors = { ...schemaErrors, ...conversion.errors };
  const valid = result.success && Object.keys(errors).length === 0;
  return { input: valid ? (result.data as Input) : null, errors };
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);

/**
 * The one way back-office forms hold and check their values. The shared zod schema validates as the
 * user types (a field shows its message once it has been edited or the form submitted), the same
 * schema checks the request on the server, and a 400 or 409 from the server lands on the field it
 * names (`details.issues[].path`). A submit refused by the schema or answered with field messages
 * moves the focus to the first field with a message, in document order (put `formRef` on the
 * `<form>`). An edit sends `changes(input)`: only what differs from the values the form was loaded
 * (or reloaded) with, and the version they are based on.
 */
export function useSchemaForm<Values, Input>({
  schema,
  initialValues,
  convert,
  version: initialVersion,
  reload,
  subject,
}: SchemaFormOptions<Values, Input>) {
  const [values, setValuesState] = useState<Values>(initialValues);
  // The values and version the form was last (re)loaded with: edits are changes against these.
  const [baseValues, setBaseValues] = useState<Values>(initialValues);
  const [version, setVersion] = useState<number | undefined>(initialVersion);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const [touched, setTouched] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The converter and the first values are read at use time, so callers may pass fresh closures.
  const convertRef = useRef(convert);
  convertRef.current = convert;
  const initialRef = useRef(initialValues);
  const focus = useFocusFirstInvalid();

  /** The form's values as the request body, with the version the form is based on. */
  const withVersion = useCallback(
    (current: Values): Conversion => {
      const conversion = convertRef.current ?? ((plain: Values) => ({ input: plain }));
      const converted = conversion(current);
      if (version === undefined || typeof converted.input !== 'object' || converted.input === null) {
        return converted;
      }
      return { ...converted, input: { ...converted.input, version } };
    },
    [version],
  );

  const validation = useMemo(
    () => validateWithSchema(schema, values, withVersion),
    [schema, values, withVersion],
  );

  // The loaded values as the schema reads them (as it reads the edited ones): what a change is
  // compared with. A record saved under older rules may not pass today's schema; its plain
  // conversion serves then.
  const baseInput = useMemo(() => {
    const checked = validateWithSchema(schema, baseValues, withVersion);
    return (checked.input ?? withVersion(baseValues).input) as Record<string, unknown> | null;
  }, [schema, baseValues, withVersion]);

  const visibleErrors = useMemo(() => {
    const shown: FieldErrors = {};
    for (const [path, message] of Object.entries(validation.errors)) {
      if (submitted || touched.some((prefix) => isUnder(path, prefix))) shown[path] = message;
    }
    return { ...shown, ...serverErrors };
  }, [validation.errors, submitted, touched, serverErrors]);

  /** Marks a field (and everything under it) as edited, so its messages show. */
  const touch = useCallback((path: string) => {
    setTouched((current) => (current.includes(path) ? current : [...current, path]));
  }, []);

  /** Changes values; `path` names what changed, so its messages show and the server's go away. */
  const setValues = useCallback(
    (update: (current: Values) => Values, path?: string) => {
      setValuesState(update);
      setFormError(null);
      // Typing again: the focus stays where the user put it.
      focus.cancelFocus();
      if (path) {
        touch(path);
        setServerErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([key]) => !isUnder(key, path))),
        );
      }
    },
    [touch, focus.cancelFocus],
  );

  /** Sets one top-level field. */
  const setField = useCallback(
    <K extends keyof Values>(name: K, value: Values[K]) => {
      setValues((current) => ({ ...current, [name]: value }), String(name));
    },
    [setValues],
  );

  /** Puts a failed request's message on the fields it names, or on the form. */
  const showServerError = useCallback((error: unknown) => {
    const issues = isApiError(error)
      ? (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues
      : undefined;
    if (issues?.length) {
      setServerErrors(Object.fromEntries(issues.map((issue) => [issue.path, sentence(issue.message)])));
      const unplaced = issues.every((issue) => issue.path === '(body)');
      setFormError(unplaced ? errorMessage(error) : null);
    } else {
      setFormError(errorMessage(error));
    }
  }, []);

  /**
   * Back to `next` (or the first values), as if nothing had been typed; `nextVersion` is the version
   * of the record those values are (after a save or a reload).
   */
  const reset = useCallback((next?: Values, nextVersion?: number) => {
    const target = next ?? initialRef.current;
    setValuesState(target);
    setBaseValues(target);
    if (nextVersion !== undefined) setVersion(nextVersion);
    setTouched([]);
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }, []);

  /** A stale write: the record as saved now, and the message that someone else changed it. */
  const reloadAfterStaleWrite = useCallback(async () => {
    const load = reloadRef.current;
    if (!load) return false;
    try {
      const fresh = await load();
      reset(fresh.values, fresh.version);
      setFormError(staleWriteMessage(subject));
    } catch (error) {
      setFormError(errorMessage(error));
    }
    return true;
  }, [reset, subject]);

  /** A submit handler: validates everything, then calls `send` with the checked request body. */
  const handleSubmit = useCallback(
    (send: (input: Input) => Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      if (!validation.input) {
        focus.focusFirstInvalid();
        return;
      }
      focus.cancelFocus();
      setSubmitting(true);
      setFormError(null);
      try {
        await send(validation.input);
      } catch (error) {
        if (!(isStaleWrite(error) && (await reloadAfterStaleWrite()))) {
          showServerError(error);
          // The server's messages on fields: the first of them gets the focus (none: nothing moves).
          focus.focusFirstInvalid();
        }
      } finally {
        setSubmitting(false);
      }
    },
    [validation.input, showServerError, reloadAfterStaleWrite, focus.focusFirstInvalid, focus.cancelFocus],
  );

  /**
   * The body of a change (PATCH) from the checked `input`: only the fields that differ from the values
   * the form was loaded or reloaded with (`changedValues`: a list or object field is sent whole when
   * any part of it differs), plus the `version` they are based on. Null when nothing differs.
   */
  const changes = useCallback(
    (input: Input): Partial<Input> | null => {
      const changed: Record<string, unknown> = changedValues(baseInput, input as Record<string, unknown>);
      if (Object.keys(changed).length === 0) return null;
      return (version === undefined ? changed : { ...changed, version }) as Partial<Input>;
    },
    [baseInput, version],
  );

  /** Whether the values differ from those the form was loaded with (unsaved changes). */
  const dirty = useMemo(() => !sameValue(values, baseValues), [values, baseValues]);

  return {
    values,
    setValues,
    setField,
    touch,
    errors: visibleErrors,
    /** The message of one field, if it should show. */
    errorOf: (path: string) => visibleErrors[path] ?? null,
    isValid: validation.input !== null,
    formError,
    submitting,
    handleSubmit,
    showServerError,
    reset,
    /** The version of the record the values are based on (sent with a change). */
    version,
    /** The values the form was last loaded with (a change is what differs from these). */
    baseValues,
    changes,
    dirty,
    /** Goes on the `<form>`: where the first field with a message is looked for. */
    formRef: focus.ref,
  };
}

export type SchemaForm<Values, Input> = ReturnType<typeof useSchemaForm<Values, Input>>;
