import {
  INVENTORY_GROUP_LABELS,
  INVENTORY_GROUPS,
  type InventoryGroup,
} from '../../../../shared/contracts/inventory';
import { SelectField } from '../../../components/ui/select-field';

/** The "Group" filter of the inventory's lists: one group, or all of them (null). */
export function GroupFilter({
  value,
  onChange,
}: {
  value: string | null | undefined;
  onChange: (group: string | null) => void;
}) {
  return (
    <SelectField label="Group" value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
      <option value="">All groups</option>
      {INVENTORY_GROUPS.map((group) => (
        <option key={group} value={group}>
          {INVENTORY_GROUP_LABELS[group]}
        </option>
      ))}
    </SelectField>
  );
}

/** A group named in the address (`?group=`), or null for none or one that is not a group. */
export function groupParam(value: string | null): InventoryGroup | null {
  return INVENTORY_GROUPS.includes(value as InventoryGroup) ? (value as InventoryGroup) : null;
}
