import { clsx } from 'clsx';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { TextField } from '../../../components/ui/text-field';
import {
  type FeedbackFilters,
  hasFilters,
  NO_FEEDBACK_FILTERS,
  REVIEW_FILTER_LABELS,
  REVIEW_FILTERS,
  type ReviewFilter,
} from '../feedback-model';

const RATING_OPTIONS = ['1', '2', '3', '4', '5'] as const;
const RATING_LABELS = { '1': '1 star', '2': '2 stars', '3': '3 stars', '4': '4 stars', '5': '5 stars' };

/** Unreviewed, Reviewed or All, as one row of radio buttons drawn as a segmented control. */
function ReviewedChoice({
  value,
  onChange,
}: {
  value: ReviewFilter;
  onChange: (value: ReviewFilter) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-neutral-800">Review</legend>
      <div className="inline-flex self-start rounded-lg bg-neutral-100 p-1">
        {REVIEW_FILTERS.map((option) => (
          <label key={option} className="relative">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="peer sr-only"
            />
            <span
              className={clsx(
                'flex h-9 cursor-pointer items-center rounded-md px-3.5 text-sm font-medium transition-colors',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-950',
                value === option
                  ? 'bg-white text-neutral-950 shadow-sm'
                  : 'text-neutral-600 hover:text-neutral-950',
              )}
            >
              {REVIEW_FILTER_LABELS[option]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface FeedbackFiltersBarProps {
  filters: FeedbackFilters;
  onChange: (filters: FeedbackFilters) => void;
  /** Shown under "To" when the range is backwards. */
  rangeError: string | null;
}

/** Overall rating (any of 1 to 5), a date range (days in the restaurant's time zone) and reviewed or not. */
export function FeedbackFiltersBar({ filters, onChange, rangeError }: FeedbackFiltersBarProps) {
  const set = (patch: Partial<FeedbackFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-start lg:gap-x-6">
      <ChoiceChips
        legend="Overall rating"
        options={RATING_OPTIONS}
        labels={RATING_LABELS}
        value={filters.ratings.map(String) as (typeof RATING_OPTIONS)[number][]}
        onChange={(value) => set({ ratings: value.map(Number).sort((a, b) => a - b) })}
      />
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm lg:w-80">
        <TextField
          type="date"
          label="From"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextField
          type="date"
          label="To"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set({ to: event.target.value })}
          error={rangeError}
        />
      </div>
      <ReviewedChoice value={filters.reviewed} onChange={(reviewed) => set({ reviewed })} />
      <Button
        variant="ghost"
        onClick={() => onChange(NO_FEEDBACK_FILTERS)}
        disabled={!hasFilters(filters)}
        className="self-start lg:mt-[1.625rem]"
      >
        Clear filters
      </Button>
    </div>
  );
}
