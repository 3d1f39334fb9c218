import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { type Ref, useId } from 'react';
import { MAX_REASON } from '../../../shared/order-limits';
import { TextAreaField } from './text-area-field';

/** The choice that stands for "a reason of my own": a field opens to type it. */
export const OTHER_REASON = '__other__';

/** The reason to send: a preset's words, or the typed text under "Other…"; empty when none is given. */
export function reasonText(choice: string | null, typed: string): string {
  if (choice === null) return '';
  return choice === OTHER_REASON ? typed.trim() : choice;
}

interface ReasonChoiceProps {
  legend: string;
  presets: readonly string[];
  /** A preset's words, `OTHER_REASON`, or null before a choice. */
  choice: string | null;
  typed: string;
  onChoose: (choice: string) => void;
  onType: (text: string) => void;
  error: string | null;
  disabled?: boolean;
  typedRef?: Ref<HTMLTextAreaElement>;
  /** The tiles' group, to put the focus on its first tile when no reason is chosen. */
  choicesRef?: Ref<HTMLFieldSetElement>;
  placeholder?: string;
}

/**
 * A reason in one tap: the usual ones as tiles (radio buttons under the hood), and "Other…", which
 * opens a field for the reason in the staff's own words (a void or comp, a rejected request). The message of a missing reason sits under
 * the tiles, or under the field once "Other…" is chosen.
 */
export function ReasonChoice({
  legend,
  presets,
  choice,
  typed,
  onChoose,
  onType,
  error,
  disabled = false,
  typedRef,
  choicesRef,
  placeholder,
}: ReasonChoiceProps) {
  const name = useId();
  const errorId = useId();
  const other = choice === OTHER_REASON;
  return (
    <>
      <fieldset
        ref={choicesRef}
        disabled={disabled}
        aria-describedby={error && !other ? errorId : undefined}
        data-invalid={error && !other ? true : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-neutral-800">{legend}</legend>
        <div className="grid grid-cols-2 gap-2">
          {[...presets, OTHER_REASON].map((option) => (
            <label
              key={option}
              className={clsx(
                'relative flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-left text-sm font-medium transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-950',
                choice === option
                  ? 'border-neutral-950 bg-neutral-950 text-white'
                  : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={choice === option}
                onChange={() => onChoose(option)}
                // Invisible but over the whole tile: a tap anywhere on it chooses it.
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              {choice === option && <Check aria-hidden="true" className="size-4 shrink-0" />}
              {option === OTHER_REASON ? 'Other…' : option}
            </label>
          ))}
        </div>
        {error && !other && (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      {other && (
        <TextAreaField
          ref={typedRef}
          label="Other reason"
          value={typed}
          onChange={(event) => onType(event.target.value)}
          error={error}
          maxLength={MAX_REASON}
          required
          disabled={disabled}
          placeholder={placeholder}
          className="[&_textarea]:min-h-20"
        />
      )}
    </>
  );
}
