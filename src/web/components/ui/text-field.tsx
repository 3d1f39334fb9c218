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

/** The attributes every e-mail input shares: the right keyboard, autofill, no capitals or spelling marks. */
export const EMAIL_INPUT = {
  type: 'email',
  name: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
