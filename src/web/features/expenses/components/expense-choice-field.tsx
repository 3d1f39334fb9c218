import { type ReactNode, useId } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import type { ExpenseChoice } from '../api/expenses-api';

/**
 * The active choices, plus the one the record names when it has been archived since (it stays until
 * changed).
 */
export function optionsWith(
  choices: readonly ExpenseChoice[],
  current: { id: string | null; name: string | null },
): ExpenseChoice[] {
  const active = choices.filter((choice) => choice.active);
  if (current.id && !active.some((choice) => choice.id === current.id)) {
    const known = choices.find((choice) => choice.id === current.id);
    active.push(known ?? { id: current.id, name: current.name ?? 'Archived', active: false });
  }
  return active;
}

/** A select with the inline message of its field (the shared `SelectField` has none of its own). */
export function ChoiceField({
  label,
  value,
  error,
  disabled,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <SelectField
        label={label}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </SelectField>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
