import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useId } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, and the placeholder unless one is given ("Search suppliers"). */
  label: string;
  placeholder?: string;
  className?: string;
}

/** A search input with a magnifier; debounce the value before querying (`useDebouncedValue`). */
export function SearchBox({ value, onChange, label, placeholder, className }: SearchBoxProps) {
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
        placeholder={placeholder ?? label}
        maxLength={100}
        autoComplete="off"
        className="h-11 w-full rounded-lg border border-neutral-300 bg-white pr-3 pl-9 text-base text-neutral-900 shadow-sm placeholder:text-neutral-400 hover:border-neutral-400 focus:border-neutral-950 focus:outline-2 focus:outline-offset-0 focus:outline-neutral-950 sm:text-sm"
      />
    </div>
  );
}
