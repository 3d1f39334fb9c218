import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { RATING_MAX, RATING_MIN } from '../../../../shared/feedback-paths';
import { RATING_WORDS, ratingName } from '../feedback-model';

const SCALE = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

interface StarRatingProps {
  /** What is rated ("Food"): the group's name for screen readers and on screen. */
  legend: string;
  /** The radio inputs' shared name. */
  name: string;
  value: number | null;
  onChange: (value: number) => void;
  /** For an optional rating: takes a chosen rating back (a "Clear" button while one is chosen). */
  onClear?: () => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * One rating from 1 to 5 as a group of native radio buttons drawn as stars: Tab enters the group,
 * the arrow keys choose, and a screen reader hears "Food, 4 stars, Very good, radio button, 4 of 5".
 * A finger or a mouse picks a star; hovering shows what a click would give.
 */
export function StarRating({
  legend,
  name,
  value,
  onChange,
  onClear,
  error,
  disabled = false,
}: StarRatingProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const errorId = useId();
  const starsRef = useRef<HTMLDivElement>(null);
  const shown = hovered ?? value;
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      data-testid={`rating-${name}`}
    >
      <legend className="text-base font-medium text-neutral-950">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios do the work. */}
        <div ref={starsRef} className="-ml-1.5 flex" onMouseLeave={() => setHovered(null)}>
          {SCALE.map((rating) => {
            const lit = shown !== null && rating <= shown;
            return (
              <label
                key={rating}
                className={clsx('relative', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}
                onMouseEnter={() => setHovered(rating)}
              >
                <input
                  type="radio"
                  name={name}
                  value={rating}
                  checked={value === rating}
                  onChange={() => onChange(rating)}
                  aria-invalid={error ? true : undefined}
                  className="peer sr-only"
                />
                <span
                  aria-hidden="true"
                  className={clsx(
                    'flex size-12 items-center justify-center rounded-lg transition-colors',
                    'peer-focus-visible:outline-2 peer-focus-visible:-outline-offset-2 peer-focus-visible:outline-neutral-950',
                    !disabled && 'hover:bg-amber-50',
                  )}
                >
                  <Star
                    className={clsx(
                      'size-9 transition-colors',
                      lit ? 'fill-amber-400 text-amber-600' : 'fill-transparent text-neutral-500',
                    )}
                    strokeWidth={1.5}
                  />
                </span>
                <span className="sr-only">{ratingName(rating)}</span>
              </label>
            );
          })}
        </div>
        <span aria-hidden="true" className="min-w-20 text-sm font-medium text-neutral-700">
          {shown === null ? 'Not rated yet' : RATING_WORDS[shown]}
        </span>
        {onClear && value !== null && (
          <button
            type="button"
            onClick={() => {
              onClear();
              // The button goes with the rating: focus stays in the group, on its first star.
              starsRef.current?.querySelector<HTMLInputElement>('input')?.focus();
            }}
            className="rounded-sm text-sm font-medium text-neutral-700 underline underline-offset-2 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            Clear rating
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A rating shown, not asked: the stars and "4 out of 5" for screen readers. */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' }) {
  return (
    <span role="img" aria-label={`${value} out of ${RATING_MAX} stars`} className="inline-flex gap-0.5">
      {SCALE.map((rating) => (
        <Star
          key={rating}
          aria-hidden="true"
          strokeWidth={1.5}
          className={clsx(
            size === 'sm' ? 'size-4' : 'size-5',
            rating <= value ? 'fill-amber-400 text-amber-600' : 'fill-transparent text-neutral-400',
          )}
        />
      ))}
    </span>
  );
}
