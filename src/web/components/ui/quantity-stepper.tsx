import { clsx } from 'clsx';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { clampQuantity, MAX_LINE_QUANTITY } from '../../../shared/order-limits';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** What is counted ("Latte"): the buttons read "Fewer Latte", "More Latte", the box "Quantity of Latte". */
  name: string;
  size?: 'md' | 'lg';
  /** `boxed`: square buttons and a framed number (the point of sale); `round`: the guests' page. */
  look?: 'boxed' | 'round';
  /** The range (default 1 to 999, a line's quantity); the Pay dialog's parts are 2 to 10. */
  min?: number;
  max?: number;
  /** The number box's name, when "Quantity of {name}" does not fit ("Number of parts"). */
  inputLabel?: string;
}

const BUTTON =
  'inline-flex shrink-0 items-center justify-center border border-neutral-300 bg-white text-neutral-800 transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-white';

/**
 * − / a typed number / +, from 1 to 999, big enough for a finger: the point of sale's and the guests'
 * (zod-free, so `/` can load it).
 */
export function QuantityStepper({
  value,
  onChange,
  name,
  size = 'md',
  look = 'boxed',
  min = 1,
  max = MAX_LINE_QUANTITY,
  inputLabel,
}: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const box = clsx(
    size === 'lg' ? 'size-12' : 'size-10',
    look === 'round' ? 'rounded-full' : 'rounded-lg shadow-sm',
  );

  function commit(text: string) {
    const next = Math.min(max, Math.max(min, clampQuantity(Number(text))));
    setDraft(String(next));
    if (next !== value) onChange(next);
  }

  return (
    <div className={clsx('inline-flex items-center', look === 'round' ? 'gap-1' : 'gap-1.5')}>
      <button
        type="button"
        aria-label={`Fewer ${name}`}
        title="Fewer"
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
        className={clsx(BUTTON, box)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={inputLabel ?? `Quantity of ${name}`}
        value={draft}
        maxLength={String(max).length}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(event.currentTarget.value);
          }
        }}
        className={clsx(
          'rounded-lg border text-center text-neutral-950 tabular-nums focus:border-neutral-950 focus:outline-2 focus:outline-neutral-950',
          look === 'round'
            ? 'border-transparent bg-transparent font-semibold hover:border-neutral-300'
            : 'border-neutral-300 bg-white font-medium shadow-sm',
          look === 'round'
            ? size === 'lg'
              ? 'h-12 w-14 text-lg'
              : 'h-10 w-11 text-base'
            : size === 'lg'
              ? 'h-12 w-16 text-lg'
              : 'h-10 w-12 text-base',
        )}
      />
      <button
        type="button"
        aria-label={`More ${name}`}
        title="More"
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
        className={clsx(BUTTON, box)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
