import { Trash2 } from 'lucide-react';
import { type RefObject, useEffect, useId, useMemo, useState } from 'react';
import type { InventoryItem } from '../../../../shared/contracts/inventory';
import { MASTER_DATA_API, type Unit } from '../../../../shared/contracts/master-data';
import type { MenuItem } from '../../../../shared/contracts/menu';
import type { Recipe, RecipeInput, RecipeLine, RecipeOptionLine } from '../../../../shared/contracts/recipes';
import { formatDelta, formatMoney } from '../../../../shared/money';
import { parseQuantity } from '../../../../shared/quantity';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, hasReason } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useConfig } from '../../config';
import { useResourceOptions } from '../../resources';
import { useIngredientSearch, useRecipe, useSaveRecipe } from '../api/recipe-api';
import { IconButton } from './icon-button';

/** A recipe line as the form edits it: the quantity as typed. */
interface LineDraft {
  key: string;
  inventoryItemId: string;
  name: string;
  stockUnitId: string;
  quantity: string;
  unitId: string;
  /** The dish's ingredient this option line replaces ('' adds). */
  replaces: string;
}

interface Draft {
  lines: LineDraft[];
  /** Option id → its lines. */
  options: Record<string, LineDraft[]>;
}

let keySequence = 0;
const nextKey = () => `line-${++keySequence}`;

function toDraft(line: RecipeLine | RecipeOptionLine): LineDraft {
  return {
    key: nextKey(),
    inventoryItemId: line.inventoryItemId,
    name: line.inventoryItemName,
    stockUnitId: line.stockUnitId,
    // "18.000" is shown as "18".
    quantity: line.quantity.replace(/\.?0+$/, ''),
    unitId: line.unitId,
    replaces: 'replaces' in line ? (line.replaces ?? '') : '',
  };
}

function draftOf(recipe: Recipe): Draft {
  return {
    lines: recipe.lines.map(toDraft),
    options: Object.fromEntries(recipe.options.map((option) => [option.optionId, option.lines.map(toDraft)])),
  };
}

function inputOf(draft: Draft, version: number | null): RecipeInput {
  const line = (entry: LineDraft) => ({
    inventoryItemId: entry.inventoryItemId,
    quantity: entry.quantity.trim(),
    unitId: entry.unitId,
  });
  return {
    lines: draft.lines.map(line),
    options: Object.entries(draft.options)
      .filter(([, lines]) => lines.length > 0)
      .map(([optionId, lines]) => ({
        optionId,
        lines: lines.map((entry) => ({
          ...line(entry),
          ...(entry.replaces ? { replaces: entry.replaces } : {}),
        })),
      })),
    ...(version === null ? {} : { version }),
  };
}

/** "15.3 %", or a dash when the dish has no price. */
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} %`);

/** Search for an inventory item and add it. */
function IngredientPicker({
  label,
  exclude,
  disabled,
  onPick,
}: {
  label: string;
  exclude: string[];
  disabled: boolean;
  onPick: (item: InventoryItem) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const results = useIngredientSearch(debounced);
  const listId = useId();
  const found = (results.data ?? []).filter((item) => !exclude.includes(item.id));
  const open = search.trim().length > 0 && debounced.trim().length > 0;
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        type="search"
        placeholder="Search inventory items"
        autoComplete="off"
        value={search}
        disabled={disabled}
        aria-controls={open ? listId : undefined}
        onChange={(event) => setSearch(event.target.value)}
      />
      {open && (
        <ul
          id={listId}
          className="flex flex-col divide-y divide-neutral-100 rounded-lg border border-neutral-200"
        >
          {results.isPending && <li className="px-3 py-2 text-sm text-neutral-600">Searching…</li>}
          {results.isError && (
            <li role="alert" className="px-3 py-2 text-sm text-red-700">
              {errorMessage(results.error)}
            </li>
          )}
          {results.isSuccess && found.length === 0 && (
            <li className="px-3 py-2 text-sm text-neutral-600">No active inventory item matches.</li>
          )}
          {found.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-neutral-950"
                onClick={() => {
                  onPick(item);
                  setSearch('');
                }}
              >
                <span className="font-medium text-neutral-900">{item.name}</span>
                <span className="text-neutral-600">
                  {item.onHand} {item.unitSymbol}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One ingredient: its quantity and unit (of the same base as its stock unit), and what it replaces. */
function LineRow({
  line,
  units,
  cost,
  replaceChoices,
  disabled,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  units: Unit[];
  cost: string | null;
  /** For an option's line: the dish's ingredients it may replace. */
  replaceChoices?: { id: string; name: string }[];
  disabled: boolean;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const base = (unit: Unit | undefined) => unit?.baseUnitId ?? unit?.id;
  const stockBase = base(units.find((unit) => unit.id === line.stockUnitId));
  const choices = units.filter(
    (unit) => unit.id === line.stockUnitId || (stockBase && base(unit) === stockBase),
  );
  const parsed = parseQuantity(line.quantity);
  const quantityError =
    line.quantity.trim() === ''
      ? 'Enter a quantity'
      : !parsed.ok
        ? `Quantity ${parsed.message}`
        : parsed.value <= 0
          ? 'Quantity must be more than 0'
          : null;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-neutral-900">{line.name}</span>
        <div className="flex items-center gap-2">
          {cost !== null && <span className="text-sm text-neutral-600 tabular-nums">{cost}</span>}
          <IconButton
            label={`Remove ${line.name}`}
            icon={Trash2}
            size="sm"
            disabled={disabled}
            onClick={onRemove}
          />
        </div>
      </div>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <TextField
          label="Quantity"
          aria-label={`Quantity of ${line.name}`}
          inputMode="decimal"
          autoComplete="off"
          value={line.quantity}
          disabled={disabled}
          error={line.quantity === '' ? null : quantityError}
          onChange={(event) => onChange({ quantity: event.target.value })}
        />
        <SelectField
          label="Unit"
          value={line.unitId}
          disabled={disabled}
          onChange={(event) => onChange({ unitId: event.target.value })}
        >
          {choices.map((unit) => (
            <option key={unit.id} value={unit.id}>
              {unit.symbol}
            </option>
          ))}
        </SelectField>
      </div>
      {replaceChoices && (
        <SelectField
          label="Replaces"
          value={line.replaces}
          disabled={disabled}
          onChange={(event) => onChange({ replaces: event.target.value })}
        >
          <option value="">Nothing: it is added</option>
          {replaceChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </SelectField>
      )}
    </li>
  );
}

function newLine(item: InventoryItem): LineDraft {
  return {
    key: nextKey(),
    inventoryItemId: item.id,
    name: item.name,
    stockUnitId: item.unitId,
    quantity: '',
    unitId: item.unitId,
    replaces: '',
  };
}

/**
 * The Recipe section of a saved menu item: its ingredients and each option's (an option adds an
 * ingredient or replaces one of the dish's), with the cost of the dish and of each option and the
 * food cost percent against the price, as the server works them out at the average cost now. It is
 * saved on its own (`PUT …/recipe`), for the options the item has as saved.
 */
export function RecipeSection({
  item,
  saveRef,
}: {
  item: MenuItem;
  /**
   * Set to what saves the recipe when it has unsaved changes (true: saved or nothing to save), so the
   * item's own "Save changes" saves it first.
   */
  saveRef?: RefObject<(() => Promise<boolean>) | null>;
}) {
  const recipe = useRecipe(item.id);
  const save = useSaveRecipe(item.id);
  const config = useConfig();
  const units = useResourceOptions<Unit>(MASTER_DATA_API.units);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);

  useEffect(() => {
    if (recipe.data && draft === null) setDraft(draftOf(recipe.data));
  }, [recipe.data, draft]);

  const options = useMemo(
    () =>
      item.modifierGroups.flatMap((group) =>
        group.options.map((option) => ({ ...option, groupName: group.name })),
      ),
    [item.modifierGroups],
  );

  if (recipe.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(recipe.error)}
      </p>
    );
  }
  if (!recipe.data || !draft || !config.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner /> Loading the recipe…
      </p>
    );
  }
  const saved = recipe.data;
  const money = (minor: number) => formatMoney(minor, config.data.currency, config.data.locale);
  const unitList = units.data ?? [];
  const busy = save.isPending;
  const dirty = JSON.stringify(inputOf(draft, null)) !== JSON.stringify(inputOf(draftOf(saved), null));
  const savedCost = (lines: RecipeLine[], line: LineDraft) => {
    const match = lines.find((entry) => entry.inventoryItemId === line.inventoryItemId);
    return match && !dirty ? money(match.cost) : null;
  };

  const edit = (change: (current: Draft) => Draft) => {
    setMessage(null);
    setDraft((current) => (current ? change(current) : current));
  };
  const changeLine = (lines: LineDraft[], key: string, change: Partial<LineDraft>) =>
    lines.map((line) => (line.key === key ? { ...line, ...change } : line));

  const submit = async (): Promise<boolean> => {
    setMessage(null);
    try {
      const answer = await save.mutateAsync(inputOf(draft, saved.version));
      setDraft(draftOf(answer));
      setMessage({ kind: 'saved', text: 'Recipe saved.' });
      return true;
    } catch (error) {
      if (hasReason(error, 'stale')) {
        const fresh = await recipe.refetch();
        if (fresh.data) setDraft(draftOf(fresh.data));
      }
      setMessage({ kind: 'error', text: `The recipe was not saved: ${errorMessage(error)}` });
      return false;
    }
  };
  if (saveRef) saveRef.current = dirty ? submit : null;

  const baseChoices = draft.lines.map((line) => ({ id: line.inventoryItemId, name: line.name }));

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-3 gap-3 rounded-lg bg-neutral-50 p-3 text-sm" aria-label="Food cost">
        <div>
          <dt className="text-neutral-600">Dish cost</dt>
          <dd className="text-lg font-semibold text-neutral-950 tabular-nums" data-testid="recipe-cost">
            {money(saved.cost)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">Food cost</dt>
          <dd className="text-lg font-semibold text-neutral-950 tabular-nums" data-testid="recipe-food-cost">
            {percent(saved.foodCostPercent)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">Price</dt>
          <dd className="text-lg font-semibold text-neutral-950 tabular-nums">{money(saved.price)}</dd>
        </div>
      </dl>
      {dirty && (
        <p className="text-sm text-amber-800">
          Unsaved changes: the costs shown are those of the saved recipe.
        </p>
      )}

      <div className="flex flex-col gap-3">
        <h4 className="text-sm font-semibold text-neutral-900">Ingredients of the dish</h4>
        {draft.lines.length === 0 ? (
          <p className="text-sm text-neutral-600">
            No ingredients yet: completed orders take nothing out of stock for this item.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {draft.lines.map((line) => (
              <LineRow
                key={line.key}
                line={line}
                units={unitList}
                cost={savedCost(saved.lines, line)}
                disabled={busy}
                onChange={(change) =>
                  edit((current) => ({ ...current, lines: changeLine(current.lines, line.key, change) }))
                }
                onRemove={() =>
                  edit((current) => ({
                    lines: current.lines.filter((entry) => entry.key !== line.key),
                    // An option's line that replaced it now adds.
                    options: Object.fromEntries(
                      Object.entries(current.options).map(([id, lines]) => [
                        id,
                        lines.map((entry) =>
                          entry.replaces === line.inventoryItemId ? { ...entry, replaces: '' } : entry,
                        ),
                      ]),
                    ),
                  }))
                }
              />
            ))}
          </ul>
        )}
        <IngredientPicker
          label="Add an ingredient"
          exclude={draft.lines.map((line) => line.inventoryItemId)}
          disabled={busy}
          onPick={(picked) => edit((current) => ({ ...current, lines: [...current.lines, newLine(picked)] }))}
        />
      </div>

      {options.length > 0 && (
        <div className="flex flex-col gap-4">
          <h4 className="text-sm font-semibold text-neutral-900">Options</h4>
          {options.map((option) => {
            const lines = draft.options[option.id] ?? [];
            const savedOption = saved.options.find((entry) => entry.optionId === option.id);
            const setLines = (change: (lines: LineDraft[]) => LineDraft[]) =>
              edit((current) => ({
                ...current,
                options: { ...current.options, [option.id]: change(current.options[option.id] ?? []) },
              }));
            return (
              <section
                key={option.id}
                aria-label={`${option.groupName}: ${option.name}`}
                className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="font-medium text-neutral-900">
                    {option.groupName}: {option.name}
                    {option.priceDelta !== 0 && (
                      <span className="ml-1 font-normal text-neutral-600">
                        ({formatDelta(option.priceDelta, config.data.currency, config.data.locale)})
                      </span>
                    )}
                  </span>
                  {savedOption && !dirty && (
                    <span className="text-sm text-neutral-700 tabular-nums" data-testid="option-cost">
                      {savedOption.costChange >= 0 ? '+' : '−'}
                      {money(Math.abs(savedOption.costChange))} · {percent(savedOption.foodCostPercent)}
                    </span>
                  )}
                </div>
                {lines.length > 0 && (
                  <ul className="flex flex-col gap-2">
                    {lines.map((line) => (
                      <LineRow
                        key={line.key}
                        line={line}
                        units={unitList}
                        cost={savedOption ? savedCost(savedOption.lines, line) : null}
                        replaceChoices={baseChoices}
                        disabled={busy}
                        onChange={(change) => setLines((current) => changeLine(current, line.key, change))}
                        onRemove={() =>
                          setLines((current) => current.filter((entry) => entry.key !== line.key))
                        }
                      />
                    ))}
                  </ul>
                )}
                <IngredientPicker
                  label={`Add an ingredient to ${option.name}`}
                  exclude={lines.map((line) => line.inventoryItemId)}
                  disabled={busy}
                  onPick={(picked) => setLines((current) => [...current, newLine(picked)])}
                />
              </section>
            );
          })}
        </div>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        {message && (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            className={message.kind === 'error' ? 'text-sm text-red-700' : 'text-sm text-green-800'}
          >
            {message.text}
          </p>
        )}
        <Button
          type="button"
          variant="secondary"
          isLoading={busy}
          disabled={!dirty || busy}
          onClick={() => void submit()}
        >
          {busy ? 'Saving recipe...' : 'Save recipe'}
        </Button>
      </div>
    </div>
  );
}
