import { clsx } from 'clsx';
import { type ComponentProps, type ReactNode, useId } from 'react';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  /** The inline validation message; marks the field invalid when set. */
  error?: string | null;
  /** Help shown under the field, announced with it. */
  description?: ReactNode;
}

/** A labelled multi-line input with its inline validation message, styled like TextField. */
export function TextAreaField({ label, error, description, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = clsx(error && errorId, description && descriptionId) || undefined;

  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'min-h-36 w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-base text-neutral-900 shadow-sm transition-colors sm:text-sm',
          'placeholder:text-neutral-400 focus:outline-2 focus:outline-offset-0',
          'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500',
          error
            ? 'border-red-600 focus:outline-red-600'
            : 'border-neutral-300 hover:border-neutral-400 focus:border-neutral-950 focus:outline-neutral-950',
        )}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {description && (
        <div id={descriptionId} className="text-sm text-neutral-500">
          {description}
        </div>
      )}
    </div>
  );
}
