import { clsx } from 'clsx';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import {
  ANALYTICS_CHOICE_LABELS,
  ANALYTICS_PRESETS,
  type AnalyticsChoice,
  type AnalyticsPeriod,
  choiceOf,
  periodProblem,
  presetPeriod,
} from '../analytics-period';

const CHOICES: readonly AnalyticsChoice[] = [...ANALYTICS_PRESETS, 'custom'];

/**
 * The dashboard's period: today, yesterday, the last 7 days, this month, last month, this year in one
 * tap, or two days of one's own ("Custom"), taken as soon as they make a period.
 */
export function PeriodChooser({
  period,
  today,
  onChange,
}: {
  period: AnalyticsPeriod;
  today: string;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  const [draft, setDraft] = useState<AnalyticsPeriod | null>(null);
  const [customOpen, setCustomOpen] = useState(false);
  const choice: AnalyticsChoice = customOpen || draft ? 'custom' : choiceOf(period, today);
  const shown = draft ?? period;
  const problem = draft ? periodProblem(draft.from, draft.to) : null;

  function choose(next: AnalyticsChoice) {
    if (next === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    setDraft(null);
    onChange(presetPeriod(next, today));
  }

  function type(next: AnalyticsPeriod) {
    if (periodProblem(next.from, next.to) === null) {
      setDraft(null);
      onChange(next);
    } else {
      setDraft(next);
    }
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="sr-only">Period</legend>
      <div className="flex flex-wrap gap-1 self-start rounded-lg bg-neutral-100 p-1">
        {CHOICES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={choice === option}
            onClick={() => choose(option)}
            className={clsx(
              'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
              choice === option
                ? 'bg-white text-neutral-950 shadow-sm'
                : 'text-neutral-600 hover:text-neutral-950',
            )}
          >
            {ANALYTICS_CHOICE_LABELS[option]}
          </button>
        ))}
      </div>
      {choice === 'custom' && (
        <div className="grid grid-cols-2 gap-3 sm:w-[26rem]">
          <TextField
            label="From"
            type="date"
            value={shown.from}
            max={shown.to || undefined}
            required
            error={problem?.field === 'from' ? problem.message : undefined}
            onChange={(event) => type({ from: event.target.value, to: shown.to })}
          />
          <TextField
            label="To"
            type="date"
            value={shown.to}
            min={shown.from || undefined}
            required
            error={problem?.field === 'to' ? problem.message : undefined}
            onChange={(event) => type({ from: shown.from, to: event.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
