import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name; shown beside the switch unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch (`role="switch"`), big enough for a finger; one tap changes it. */
export function Switch({
  checked,
  onChange,
  label,
  hideLabel,
  description,
  disabled,
  className,
}: SwitchProps) {
  const id = useId();
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={hideLabel ? label : undefined}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={clsx(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
          'disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-emerald-600' : 'bg-neutral-300',
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
      {!hideLabel && (
        <div className="flex flex-col">
          <label htmlFor={id} className="text-sm font-medium text-neutral-800">
            {label}
          </label>
          {description && (
            <span id={`${id}-description`} className="text-sm text-neutral-600">
              {description}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
