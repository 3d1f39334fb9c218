import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useId } from 'react';
import type { RecordStatus } from '../../../../shared/contracts/fields';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name and the placeholder ("Search suppliers"). */
  label: string;
  className?: string;
}

/** A search input with a magnifier; debounce the value before querying (`useDebouncedValue`). */
export function SearchBox({ value, onChange, label, className }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={clsx('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        maxLength={100}
        autoComplete="off"
        className="h-11 w-full rounded-lg border border-neutral-300 bg-white pr-3 pl-9 text-base text-neutral-900 shadow-sm placeholder:text-neutral-400 hover:border-neutral-400 focus:border-neutral-950 focus:outline-2 focus:outline-offset-0 focus:outline-neutral-950 sm:text-sm"
      />
    </div>
  );
}

const STATUS_LABELS: Record<RecordStatus, string> = { active: 'Active', archived: 'Archived' };

interface StatusFilterProps {
  value: RecordStatus;
  onChange: (value: RecordStatus) => void;
  /** What is being filtered, for screen readers ("Suppliers to show"). */
  label: string;
}

/** Active or Archived records: two toggle buttons, one pressed. */
export function StatusFilter({ value, onChange, label }: StatusFilterProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form fieldset
    <div
      role="group"
      aria-label={label}
      className="inline-flex shrink-0 self-start rounded-lg bg-neutral-100 p-1 md:self-auto"
    >
      {(['active', 'archived'] as const).map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={value === status}
          onClick={() => onChange(status)}
          className={clsx(
            'h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
            value === status
              ? 'bg-white text-neutral-950 shadow-sm'
              : 'text-neutral-600 hover:text-neutral-950',
          )}
        >
          {STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}
