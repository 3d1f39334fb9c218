import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useId } from 'react';

interface ChoiceChipsProps<T extends string> {
  legend: string;
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string | null;
  className?: string;
}

/** Several choices from a fixed list (tags, allergens), as toggle chips in a fieldset. */
export function ChoiceChips<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
  className,
}: ChoiceChipsProps<T>) {
  const errorId = useId();
  return (
    <fieldset
      className={clsx('flex flex-col gap-2', className)}
      aria-describedby={error ? errorId : undefined}
      // A form's "first field with a problem" (lib/focus-first-invalid) is then its first chip.
      data-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-neutral-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = value.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected}
              onClick={() =>
                onChange(selected ? value.filter((item) => item !== option) : [...value, option])
              }
              className={clsx(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                selected
                  ? 'border-neutral-950 bg-neutral-950 text-white'
                  : 'border-neutral-300 bg-white text-neutral-700 hover:border-neutral-400',
              )}
            >
              {selected && <Check aria-hidden="true" className="size-3.5" />}
              {labels?.[option] ?? option}
            </button>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
