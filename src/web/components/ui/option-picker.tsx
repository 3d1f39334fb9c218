import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { choiceHint, chooseRow, groupChoices, type ModifierGroup } from '../../../shared/modifier-choices';
import { formatDelta } from '../../../shared/money';
import { Button } from './button';

interface OptionPickerProps {
  groups: readonly ModifierGroup[];
  /** The chosen options of every group. */
  optionIds: readonly string[];
  onChange: (optionIds: string[]) => void;
  money: { currency: string; locale: string };
  /** Shown but not changeable (a dish that cannot be added): no "Required" marks either. */
  disabled?: boolean;
  /** `lg`: the guests' page, roomier rows in the body's text size; `md`: the point of sale. */
  size?: 'md' | 'lg';
}

/**
 * A menu item's modifier groups, the guests' and the point of sale's: each group as radio buttons (at
 * most one choice, with "None" first when the group is optional) or checkboxes, with what to choose
 * ("Choose 1", "Choose up to 3"), a "Required" mark that turns green once the minimum is met, and each
 * option's price difference. Unchosen checkboxes are disabled while their group holds its maximum.
 * Zod-free, so `/` can load it.
 */
export function OptionPicker({
  groups,
  optionIds,
  onChange,
  money,
  disabled = false,
  size = 'md',
}: OptionPickerProps) {
  return (
    <>
      {groups.map((group) => (
        <GroupPicker
          key={group.id}
          group={group}
          optionIds={optionIds}
          onChoose={(optionId) => onChange(chooseRow(group, optionIds, optionId))}
          money={money}
          disabled={disabled}
          size={size}
        />
      ))}
    </>
  );
}

function GroupPicker({
  group,
  optionIds,
  onChoose,
  money,
  disabled,
  size,
}: {
  group: ModifierGroup;
  optionIds: readonly string[];
  onChoose: (optionId: string | null) => void;
  money: OptionPickerProps['money'];
  disabled: boolean;
  size: 'md' | 'lg';
}) {
  const hintId = useId();
  const radioName = useId();
  const { single, required, satisfied, rows } = groupChoices(group, optionIds);

  return (
    <fieldset aria-describedby={hintId} disabled={disabled} className="flex flex-col gap-2">
      <legend className="flex w-full items-baseline justify-between gap-3">
        <span className="font-medium text-neutral-950">{group.name}</span>
        {required && !disabled && (
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              satisfied ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800',
            )}
          >
            Required
          </span>
        )}
      </legend>
      <p id={hintId} className="-mt-1 text-sm text-neutral-600">
        {choiceHint(group)}
      </p>
      <div className={clsx('flex flex-col', size === 'lg' ? 'gap-2' : 'gap-1.5')}>
        {rows.map((row) => {
          const blocked = disabled || row.blocked;
          const delta = formatDelta(row.priceDelta, money.currency, money.locale);
          return (
            <label
              key={row.key}
              className={clsx(
                'flex min-h-12 items-center gap-3 border py-2 transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-neutral-950',
                size === 'lg' ? 'rounded-xl px-3.5' : 'rounded-lg px-3 text-sm',
                row.checked ? 'border-neutral-950 bg-neutral-50' : 'border-neutral-300',
                blocked ? 'cursor-not-allowed text-neutral-500' : 'cursor-pointer',
                !blocked && (row.checked ? 'text-neutral-950' : 'text-neutral-800 hover:border-neutral-500'),
              )}
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name={single ? radioName : undefined}
                checked={row.checked}
                disabled={blocked}
                onChange={() => onChoose(row.optionId)}
                className="size-5 shrink-0 accent-neutral-950"
              />
              <span className="min-w-0 flex-1 break-words">{row.label}</span>
              {delta && <span className="shrink-0 text-neutral-700 tabular-nums">{delta}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The submit button under a picker ("Add to cart · $6.95"): disabled while a group's rule is not met,
 * with the first problem (`choicesProblem`) written above it and read with it.
 */
export function AddChoicesButton({
  problem,
  form,
  className,
  children,
}: {
  problem: string | null;
  /** The form's id, when the button stands outside it (the guests' sheet footer). */
  form?: string;
  className?: string;
  children: ReactNode;
}) {
  const problemId = useId();
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      {problem && (
        <p id={problemId} className="text-sm font-medium text-amber-800">
          {problem}
        </p>
      )}
      <Button
        type="submit"
        form={form}
        size="lg"
        fullWidth
        disabled={problem !== null}
        aria-describedby={problem ? problemId : undefined}
      >
        {children}
      </Button>
    </div>
  );
}
