import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { controlClasses, Field, type FieldProps } from './field';

type TextAreaFieldProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

/** A labelled multi-line input with its inline validation message. */
export function TextAreaField({ label, error, description, className, ...props }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} description={description} className={className}>
      {(control) => (
        <textarea
          {...control}
          className={clsx('min-h-36 resize-y px-3 py-2.5', controlClasses(Boolean(error)))}
          {...props}
        />
      )}
    </Field>
  );
}
