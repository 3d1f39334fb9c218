import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { errorMessage, isApiError } from './api-client';

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
}

function issuesToErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '(form)';
    errors[path] ??= sentence(issue.message);
  }
  return errors;
}

/** zod's and the server's messages are phrased after the field name ("must not be empty"). */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

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
 * names (`details.issues[].path`).
 */
export function useSchemaForm<Values, Input>({
  schema,
  initialValues,
  convert,
}: SchemaFormOptions<Values, Input>) {
  const [values, setValuesState] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The converter and the first values are read at use time, so callers may pass fresh closures.
  const convertRef = useRef(convert);
  convertRef.current = convert;
  const initialRef = useRef(initialValues);

  const validation = useMemo(
    () =>
      validateWithSchema(schema, values, convertRef.current ?? ((current: Values) => ({ input: current }))),
    [schema, values],
  );

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
      if (path) {
        touch(path);
        setServerErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([key]) => !isUnder(key, path))),
        );
      }
    },
    [touch],
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

  /** A submit handler: validates everything, then calls `send` with the checked request body. */
  const handleSubmit = useCallback(
    (send: (input: Input) => Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      if (!validation.input) return;
      setSubmitting(true);
      setFormError(null);
      try {
        await send(validation.input);
      } catch (error) {
        showServerError(error);
      } finally {
        setSubmitting(false);
      }
    },
    [validation.input, showServerError],
  );

  /** Back to `next` (or the first values), as if nothing had been typed. */
  const reset = useCallback((next?: Values) => {
    setValuesState(next ?? initialRef.current);
    setTouched([]);
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }, []);

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
  };
}

export type SchemaForm<Values, Input> = ReturnType<typeof useSchemaForm<Values, Input>>;
