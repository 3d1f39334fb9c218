import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

export interface FieldProps {
  label: string;
  /** The inline validation message; marks the control invalid when set. */
  error?: string | null;
  /** Help shown under the control (e.g. live password hints), announced with it. */
  description?: ReactNode;
  className?: string;
}

/** What a form control gets from its `Field`: its id, its ARIA links and whether it is invalid. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The control's look: the border and focus ring follow the validation state. */
export function controlClasses(invalid: boolean): string {
  return clsx(
    'w-full rounded-lg border bg-white text-base text-neutral-900 shadow-sm transition-colors sm:text-sm',
    'placeholder:text-neutral-400 focus:outline-2 focus:outline-offset-0',
    'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500',
    invalid
      ? 'border-red-600 focus:outline-red-600'
      : 'border-neutral-300 hover:border-neutral-400 focus:border-neutral-950 focus:outline-neutral-950',
  );
}

/**
 * The frame every form control shares: a label, the control, its validation message and help text,
 * linked for screen readers.
 */
export function Field({
  label,
  error,
  description,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': clsx(error && errorId, description && descriptionId) || undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {description && (
        <div id={descriptionId} className="text-sm text-neutral-600">
          {description}
        </div>
      )}
    </div>
  );
}
