import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, useId } from 'react';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  /** Keeps the label for screen readers only (compact rows such as a table cell). */
  hideLabel?: boolean;
}

/** A labelled native select, styled like `TextField`. */
export function SelectField({
  label,
  hideLabel = false,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={clsx('text-sm font-medium text-neutral-800', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          className={clsx(
            'h-11 w-full appearance-none rounded-lg border border-neutral-300 bg-white pr-9 pl-3 text-base text-neutral-900 shadow-sm sm:text-sm',
            'hover:border-neutral-400 focus:border-neutral-950 focus:outline-2 focus:outline-offset-0 focus:outline-neutral-950',
            'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500',
          )}
          {...selectProps}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
        />
      </div>
    </div>
  );
}
