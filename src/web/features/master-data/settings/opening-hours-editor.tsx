import { clsx } from 'clsx';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import {
  type OpeningRange,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '../../../../shared/contracts/settings';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch-field';
import type { FormControls } from '../../resources';
import type { SettingsValues } from './settings-values';

const MAX_PERIODS = 4;
const NEW_PERIOD: OpeningRange = { open: '09:00', close: '17:00' };

interface TimeInputProps {
  label: string;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** A time of day (`HH:MM`), labelled for screen readers only: the row says which day and period. */
function TimeInput({ label, value, error, disabled, onChange }: TimeInputProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="time"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={clsx('h-11 w-32 px-3 tabular-nums', controlClasses(Boolean(error)))}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function DayRow({ day, form }: { day: Weekday; form: FormControls<SettingsValues> }) {
  const label = WEEKDAY_LABELS[day];
  const ranges = form.values.openingHours[day];
  const open = ranges.length > 0;
  const disabled = form.submitting;

  function setRanges(update: (current: OpeningRange[]) => OpeningRange[]) {
    form.setValues(
      (values) => ({
        ...values,
        openingHours: { ...values.openingHours, [day]: update(values.openingHours[day]) },
      }),
      `openingHours.${day}`,
    );
  }

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:gap-6">
      <div className="flex items-center justify-between gap-4 sm:w-52 sm:shrink-0 sm:pt-2">
        <span className="font-medium text-neutral-900">{label}</span>
        <Switch
          label={`Open on ${label}`}
          hideLabel
          checked={open}
          disabled={disabled}
          onChange={(checked) => setRanges(() => (checked ? [{ ...NEW_PERIOD }] : []))}
        />
      </div>
      {open ? (
        <div className="flex flex-col gap-2">
          {ranges.map((range, index) => {
            const period = ranges.length > 1 ? `, period ${index + 1}` : '';
            const path = `openingHours.${day}.${index}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: periods have no identity of their own
              <div key={index} className="flex flex-wrap items-start gap-2">
                <TimeInput
                  label={`${label}${period} opens`}
                  value={range.open}
                  error={form.errorOf(`${path}.open`)}
                  disabled={disabled}
                  onChange={(value) =>
                    setRanges((current) =>
                      current.map((item, i) => (i === index ? { ...item, open: value } : item)),
                    )
                  }
                />
                <span aria-hidden="true" className="pt-2.5 text-neutral-500">
                  –
                </span>
                <TimeInput
                  label={`${label}${period} closes`}
                  value={range.close}
                  error={form.errorOf(`${path}.close`)}
                  disabled={disabled}
                  onChange={(value) =>
                    setRanges((current) =>
                      current.map((item, i) => (i === index ? { ...item, close: value } : item)),
                    )
                  }
                />
                {ranges.length > 1 && (
                  <Button
                    variant="ghost"
                    className="px-2.5"
                    disabled={disabled}
                    aria-label={`Remove ${label}${period}`}
                    onClick={() => setRanges((current) => current.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </div>
            );
          })}
          {ranges.length < MAX_PERIODS && (
            <Button
              variant="ghost"
              className="self-start px-2.5"
              disabled={disabled}
              aria-label={`Add opening hours on ${label}`}
              onClick={() => setRanges((current) => [...current, { ...NEW_PERIOD }])}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add hours
            </Button>
          )}
          {form.errorOf(`openingHours.${day}`) && (
            <p className="text-sm text-red-700">{form.errorOf(`openingHours.${day}`)}</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-neutral-500 sm:pt-2.5">Closed</p>
      )}
    </li>
  );
}

/**
 * The week's opening hours: each day closed, or open in one to four periods. A close earlier than the
 * open means past midnight.
 */
export function OpeningHoursEditor({ form }: { form: FormControls<SettingsValues> }) {
  return (
    <ul className="-my-4 divide-y divide-neutral-200">
      {WEEKDAYS.map((day) => (
        <DayRow key={day} day={day} form={form} />
      ))}
    </ul>
  );
}
