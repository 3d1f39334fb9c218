import { clsx } from 'clsx';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import {
  choiceOf,
  PERIOD_CHOICE_LABELS,
  PERIOD_PRESETS,
  type PeriodChoice,
  periodProblem,
  presetPeriod,
  type ReportPeriod,
} from '../statement-period';

const CHOICES: readonly PeriodChoice[] = [...PERIOD_PRESETS, 'custom'];

/**
 * The statement's period: this month, last month, this quarter, this year, last year in one tap, or
 * two days of one's own ("Custom"). A custom period is taken as soon as both days make one the
 * statement can be read for; until then the field says what is wrong and the statement shown stays.
 */
export function PeriodChooser({
  period,
  today,
  onChange,
}: {
  period: ReportPeriod;
  today: string;
  onChange: (period: ReportPeriod) => void;
}) {
  // The days being typed while they do not make a period yet; null: the period's own.
  const [draft, setDraft] = useState<ReportPeriod | null>(null);
  const [customOpen, setCustomOpen] = useState(false);
  const choice: PeriodChoice = customOpen || draft ? 'custom' : choiceOf(period, today);
  const shown = draft ?? period;
  const problem = draft ? periodProblem(draft.from, draft.to) : null;

  function choose(next: PeriodChoice) {
    if (next === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    setDraft(null);
    onChange(presetPeriod(next, today));
  }

  function type(next: ReportPeriod) {
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
            {PERIOD_CHOICE_LABELS[option]}
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
