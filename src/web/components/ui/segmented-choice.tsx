import { clsx } from 'clsx';

interface SegmentedChoiceProps<T extends string> {
  legend: string;
  hideLegend?: boolean;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * One of a few choices (Dine-in / Takeaway / Delivery) as a row of pressed and unpressed buttons, like
 * the Active / Archived switch of the menu screen; each segment is a full finger's height.
 */
export function SegmentedChoice<T extends string>({
  legend,
  hideLegend = false,
  options,
  labels,
  value,
  onChange,
  className,
}: SegmentedChoiceProps<T>) {
  return (
    <fieldset className={clsx('flex min-w-0 flex-col gap-1.5', className)}>
      <legend className={clsx('mb-1.5 text-sm font-medium text-neutral-800', hideLegend && 'sr-only')}>
        {legend}
      </legend>
      <div className="flex rounded-lg bg-neutral-100 p-1">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={clsx(
              'h-10 min-w-0 flex-1 truncate rounded-md px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
              value === option
                ? 'bg-white text-neutral-950 shadow-sm'
                : 'text-neutral-600 hover:text-neutral-950',
            )}
          >
            {labels[option]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
