import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { controlClasses, Field, type FieldProps } from './field';

type MoneyFieldProps = FieldProps &
  Omit<ComponentProps<'input'>, 'id' | 'className' | 'type' | 'inputMode'> & {
    /** ISO code shown before the amount (`USD`). */
    currency: string;
  };

/**
 * An amount typed as text (`4.50`): the form turns it into minor units with `inputToMinor`, so no
 * floating-point value is ever sent.
 */
export function MoneyField({
  label,
  error,
  description,
  className,
  currency,
  ...inputProps
}: MoneyFieldProps) {
  return (
    <Field label={label} error={error} description={description} className={className}>
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs font-medium text-neutral-500"
          >
            {currency}
          </span>
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={clsx('h-11 pr-3 pl-12 tabular-nums', controlClasses(Boolean(error)))}
            {...inputProps}
          />
        </div>
      )}
    </Field>
  );
}
