/**
 * The rules of an item's modifier groups (choose 1, up to 3…), zod-free and shared by the point of sale
 * and the guests' page: which options are chosen, what an item costs with them, the hint, rows and
 * problem a picker shows, and what a tap on an option does.
 */

export interface ChoiceOption {
  id: string;
  name: string;
  priceDelta: number;
}

export interface ModifierGroup {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  options: readonly ChoiceOption[];
}

/** What the rules need of a menu item: its price and its groups. */
export interface ChoiceItem {
  price: number;
  modifierGroups: readonly ModifierGroup[];
}

export interface ChosenOption {
  id: string;
  groupName: string;
  name: string;
  priceDelta: number;
}

/** The chosen options of `item`, in the menu's order, with their group's name. */
export function chosenOptions(item: ChoiceItem, optionIds: readonly string[]): ChosenOption[] {
  const chosen = new Set(optionIds);
  return item.modifierGroups.flatMap((group) =>
    group.options
      .filter((option) => chosen.has(option.id))
      .map((option) => ({
        id: option.id,
        groupName: group.name,
        name: option.name,
        priceDelta: option.priceDelta,
      })),
  );
}

/** What one of this item costs with these options (never below nothing, as `priceOrder` says). */
export function unitPriceWith(item: ChoiceItem, optionIds: readonly string[]): number {
  const deltas = chosenOptions(item, optionIds).reduce((sum, option) => sum + option.priceDelta, 0);
  return Math.max(0, item.price + deltas);
}

/** "Choose 1", "Choose up to 3", "Choose 2 to 3", "Choose at least 1" (never more than the options). */
export function choiceHint(group: ModifierGroup): string {
  const max = Math.min(group.maxChoices, group.options.length);
  if (group.minChoices === max) return `Choose ${max}`;
  if (group.minChoices === 0) return `Choose up to ${max}`;
  return `Choose ${group.minChoices} to ${max}`;
}

/** Radio buttons for a group of at most one choice, checkboxes otherwise. */
export function isSingleChoice(group: ModifierGroup): boolean {
  return group.maxChoices <= 1;
}

/** Why the chosen options cannot be added yet (the first group that is not satisfied), or null. */
export function choicesProblem(item: ChoiceItem, optionIds: readonly string[]): string | null {
  const chosen = new Set(optionIds);
  for (const group of item.modifierGroups) {
    const count = group.options.filter((option) => chosen.has(option.id)).length;
    if (count < group.minChoices) {
      const missing = group.minChoices - count;
      return group.minChoices === 1
        ? `Choose a ${group.name.toLocaleLowerCase()} option.`
        : `Choose ${missing} more ${group.name.toLocaleLowerCase()} ${missing === 1 ? 'option' : 'options'}.`;
    }
    if (count > group.maxChoices) {
      return `Choose at most ${group.maxChoices} ${group.name.toLocaleLowerCase()} options.`;
    }
  }
  return null;
}

/**
 * Toggles `optionId` of `group` in `optionIds`: a single-choice group replaces its choice; a group at its
 * maximum leaves the others as they are (the picker disables the unchosen options then).
 */
export function toggleOption(group: ModifierGroup, optionIds: readonly string[], optionId: string): string[] {
  if (isSingleChoice(group)) {
    if (optionIds.includes(optionId)) {
      // A required single choice stays chosen (a radio cannot be unticked); an optional one can be.
      return group.minChoices >= 1 ? [...optionIds] : optionIds.filter((id) => id !== optionId);
    }
    return [...clearGroup(group, optionIds), optionId];
  }
  if (optionIds.includes(optionId)) return optionIds.filter((id) => id !== optionId);
  const inGroup = optionIds.length - clearGroup(group, optionIds).length;
  if (inGroup >= group.maxChoices) return [...optionIds];
  return [...optionIds, optionId];
}

/** `optionIds` without any option of `group`: the "None" of an optional single choice. */
export function clearGroup(group: ModifierGroup, optionIds: readonly string[]): string[] {
  const groupIds = new Set(group.options.map((option) => option.id));
  return optionIds.filter((id) => !groupIds.has(id));
}

/** One row of a group in a picker: an option, or (`optionId` null) the "None" of an optional single choice. */
export interface ChoiceRow {
  key: string;
  optionId: string | null;
  label: string;
  priceDelta: number;
  checked: boolean;
  /** Not to be ticked now: an unchosen option of a group at its maximum. */
  blocked: boolean;
}

/** What a picker shows of one group with these options chosen. */
export interface GroupChoices {
  /** Radio buttons (at most one choice), else checkboxes. */
  single: boolean;
  /** At least one choice is needed. */
  required: boolean;
  /** The group's minimum is met. */
  satisfied: boolean;
  rows: ChoiceRow[];
}

/**
 * The rows of `group`: an optional single choice starts with "None" (ticked while nothing of the group
 * is chosen); once a multiple choice holds its maximum, its unchosen options are blocked.
 */
export function groupChoices(group: ModifierGroup, optionIds: readonly string[]): GroupChoices {
  const chosen = new Set(optionIds);
  const single = isSingleChoice(group);
  const required = group.minChoices > 0;
  const count = group.options.filter((option) => chosen.has(option.id)).length;
  const full = !single && count >= group.maxChoices;
  const none: ChoiceRow[] =
    single && !required
      ? [{ key: 'none', optionId: null, label: 'None', priceDelta: 0, checked: count === 0, blocked: false }]
      : [];
  return {
    single,
    required,
    satisfied: count >= group.minChoices,
    rows: [
      ...none,
      ...group.options.map((option) => {
        const checked = chosen.has(option.id);
        return {
          key: option.id,
          optionId: option.id,
          label: option.name,
          priceDelta: option.priceDelta,
          checked,
          blocked: !checked && full,
        };
      }),
    ],
  };
}

/** What choosing a row does: an option toggles (`toggleOption`), "None" clears the group. */
export function chooseRow(
  group: ModifierGroup,
  optionIds: readonly string[],
  optionId: string | null,
): string[] {
  return optionId === null ? clearGroup(group, optionIds) : toggleOption(group, optionIds, optionId);
}
