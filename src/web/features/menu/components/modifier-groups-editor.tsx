import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { MAX_MODIFIER_GROUPS, MAX_MODIFIER_OPTIONS } from '../../../../shared/contracts/menu';
import { Button } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { TextField } from '../../../components/ui/text-field';
import { IconButton } from './icon-button';
import { type GroupValues, newGroup, newOption, type OptionValues } from './menu-item-values';

type GroupsChange = (groups: GroupValues[]) => GroupValues[];

interface ModifierGroupsEditorProps {
  groups: GroupValues[];
  currency: string;
  disabled: boolean;
  errorOf: (path: string) => string | null;
  /** Changes the groups; `path` names the field edited, so its messages show. */
  update: (change: GroupsChange, path?: string) => void;
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

function replaceAt<T>(list: T[], index: number, change: (value: T) => T): T[] {
  return list.map((value, at) => (at === index ? change(value) : value));
}

/** "Guests choose exactly 1", in words, once both counts are numbers. */
function choiceSummary(group: GroupValues): string | null {
  const min = Number(group.minChoices);
  const max = Number(group.maxChoices);
  if (!/^\d+$/.test(group.minChoices.trim()) || !/^\d+$/.test(group.maxChoices.trim()) || min > max) {
    return null;
  }
  const options = (count: number) => `${count} option${count === 1 ? '' : 's'}`;
  if (min === max) return `Required: guests choose exactly ${options(min)}.`;
  if (min === 0) return `Optional: guests choose up to ${options(max)}.`;
  return `Required: guests choose ${min} to ${options(max)}.`;
}

interface OptionRowProps {
  option: OptionValues;
  index: number;
  count: number;
  path: string;
  currency: string;
  disabled: boolean;
  errorOf: (path: string) => string | null;
  onChange: (change: (option: OptionValues) => OptionValues, field: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function OptionRow({
  option,
  index,
  count,
  path,
  currency,
  disabled,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: OptionRowProps) {
  const label = option.name.trim() || `option ${index + 1}`;
  return (
    <fieldset className="flex flex-wrap items-start gap-x-3 gap-y-2 border-t border-neutral-200 pt-3 first:border-t-0 first:pt-0">
      <legend className="sr-only">{`Option ${index + 1}`}</legend>
      <TextField
        label="Option name"
        className="min-w-40 flex-[2_1_12rem]"
        value={option.name}
        maxLength={60}
        autoComplete="off"
        placeholder="Large"
        disabled={disabled}
        error={errorOf(`${path}.name`)}
        onChange={(event) => onChange((current) => ({ ...current, name: event.target.value }), 'name')}
      />
      <MoneyField
        label="Price difference"
        className="min-w-32 flex-[1_1_8rem]"
        currency={currency}
        value={option.priceDelta}
        placeholder="0.00"
        disabled={disabled}
        error={errorOf(`${path}.priceDelta`)}
        onChange={(event) =>
          onChange((current) => ({ ...current, priceDelta: event.target.value }), 'priceDelta')
        }
      />
      <div className="flex items-center gap-0.5 sm:mt-7">
        <IconButton
          label={`Move ${label} up`}
          icon={ArrowUp}
          disabled={disabled || index === 0}
          onClick={() => onMove(index - 1)}
        />
        <IconButton
          label={`Move ${label} down`}
          icon={ArrowDown}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index + 1)}
        />
        <IconButton
          label={`Remove ${label}`}
          icon={Trash2}
          disabled={disabled || count === 1}
          onClick={onRemove}
          className="hover:bg-red-50 hover:text-red-700"
        />
      </div>
    </fieldset>
  );
}

interface GroupCardProps {
  group: GroupValues;
  index: number;
  count: number;
  currency: string;
  disabled: boolean;
  errorOf: (path: string) => string | null;
  update: ModifierGroupsEditorProps['update'];
}

function GroupCard({ group, index, count, currency, disabled, errorOf, update }: GroupCardProps) {
  const path = `modifierGroups.${index}`;
  const label = group.name.trim() || `group ${index + 1}`;
  const changeGroup = (change: (group: GroupValues) => GroupValues, field?: string) =>
    update((groups) => replaceAt(groups, index, change), field ? `${path}.${field}` : undefined);
  const changeOptions = (change: (options: OptionValues[]) => OptionValues[], field?: string) =>
    changeGroup((current) => ({ ...current, options: change(current.options) }), field);
  const summary = choiceSummary(group);
  const optionsError = errorOf(`${path}.options`);

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-neutral-50/60 p-3 sm:p-4">
      <legend className="sr-only">{`Modifier group ${index + 1}`}</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden="true" className="text-xs font-medium tracking-wide text-neutral-500 uppercase">
          Group {index + 1}
        </p>
        <div className="flex items-center gap-0.5">
          <IconButton
            label={`Move ${label} up`}
            icon={ArrowUp}
            size="sm"
            disabled={disabled || index === 0}
            onClick={() => update((groups) => move(groups, index, index - 1))}
          />
          <IconButton
            label={`Move ${label} down`}
            icon={ArrowDown}
            size="sm"
            disabled={disabled || index === count - 1}
            onClick={() => update((groups) => move(groups, index, index + 1))}
          />
          <IconButton
            label={`Remove ${label}`}
            icon={Trash2}
            size="sm"
            disabled={disabled}
            onClick={() => update((groups) => groups.filter((_, at) => at !== index))}
            className="hover:bg-red-50 hover:text-red-700"
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_7rem_7rem]">
        <TextField
          label="Group name"
          className="col-span-2 sm:col-span-1"
          value={group.name}
          maxLength={60}
          autoComplete="off"
          placeholder="Size"
          disabled={disabled}
          error={errorOf(`${path}.name`)}
          onChange={(event) => changeGroup((current) => ({ ...current, name: event.target.value }), 'name')}
        />
        <TextField
          label="Min choices"
          inputMode="numeric"
          autoComplete="off"
          value={group.minChoices}
          disabled={disabled}
          error={errorOf(`${path}.minChoices`)}
          onChange={(event) =>
            changeGroup((current) => ({ ...current, minChoices: event.target.value }), 'minChoices')
          }
        />
        <TextField
          label="Max choices"
          inputMode="numeric"
          autoComplete="off"
          value={group.maxChoices}
          disabled={disabled}
          error={errorOf(`${path}.maxChoices`)}
          onChange={(event) =>
            changeGroup((current) => ({ ...current, maxChoices: event.target.value }), 'maxChoices')
          }
        />
      </div>
      {summary && <p className="-mt-2 text-sm text-neutral-600">{summary}</p>}

      <div className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-3">
        {group.options.map((option, optionIndex) => (
          <OptionRow
            key={option.key}
            option={option}
            index={optionIndex}
            count={group.options.length}
            path={`${path}.options.${optionIndex}`}
            currency={currency}
            disabled={disabled}
            errorOf={errorOf}
            onChange={(change, field) =>
              changeOptions(
                (options) => replaceAt(options, optionIndex, change),
                `options.${optionIndex}.${field}`,
              )
            }
            onMove={(to) => changeOptions((options) => move(options, optionIndex, to))}
            onRemove={() => changeOptions((options) => options.filter((_, at) => at !== optionIndex))}
          />
        ))}
        {optionsError && <p className="text-sm text-red-700">{optionsError}</p>}
        <div>
          <Button
            variant="ghost"
            disabled={disabled || group.options.length >= MAX_MODIFIER_OPTIONS}
            onClick={() => changeOptions((options) => [...options, newOption(currency)])}
            aria-label={`Add option to ${label}`}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add option
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/**
 * Modifier groups of an item ("Size": exactly 1 of Small +0.00, Large +1.50; "Extras": up to 3),
 * with their options and price differences. Every field shows the shared schema's message as it is
 * typed (min more than max, a repeated option name).
 */
export function ModifierGroupsEditor({
  groups,
  currency,
  disabled,
  errorOf,
  update,
}: ModifierGroupsEditorProps) {
  const listError = errorOf('modifierGroups');
  return (
    <div className="flex flex-col gap-4">
      {groups.length === 0 && (
        <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600">
          No modifier groups. Add one for choices such as size, milk or extras.
        </p>
      )}
      {groups.map((group, index) => (
        <GroupCard
          key={group.key}
          group={group}
          index={index}
          count={groups.length}
          currency={currency}
          disabled={disabled}
          errorOf={errorOf}
          update={update}
        />
      ))}
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <div>
        <Button
          variant="secondary"
          disabled={disabled || groups.length >= MAX_MODIFIER_GROUPS}
          onClick={() => update((current) => [...current, newGroup(currency)])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add modifier group
        </Button>
      </div>
    </div>
  );
}
