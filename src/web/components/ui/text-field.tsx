import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { controlClasses, Field, type FieldProps } from './field';

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/** A labelled input with its inline validation message. */
export function TextField({ label, error, description, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} description={description} className={className}>
      {(control) => (
        <input {...control} className={clsx('h-11 px-3', controlClasses(Boolean(error)))} {...inputProps} />
      )}
    </Field>
  );
}
