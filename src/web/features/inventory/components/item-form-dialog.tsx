import toast from 'react-hot-toast';
import {
  INVENTORY_GROUP_LABELS,
  INVENTORY_GROUPS,
  type InventoryGroup,
  type InventoryItem,
  type InventoryItemInput,
  InventoryItemInputSchema,
  InventoryItemUpdateSchema,
  MAX_ITEM_NAME,
  MAX_SKU,
  MAX_STORAGE_AREA,
} from '../../../../shared/contracts/inventory';
import { shortQuantity } from '../../../../shared/quantity';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { Switch } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { type Conversion, useSchemaForm } from '../../../lib/use-schema-form';
import { type ItemChoices, useCreateInventoryItem, useUpdateInventoryItem } from '../api/inventory-api';

/** The form's text as typed; `toInput` makes it the request body the shared schema checks. */
export interface ItemValues {
  name: string;
  sku: string;
  group: InventoryGroup;
  unitId: string;
  purchaseUnitId: string;
  purchaseFactor: string;
  reorderLevel: string;
  parLevel: string;
  preferredSupplierId: string;
  storageArea: string;
  storageOrder: string;
  active: boolean;
}

export function itemValues(item: InventoryItem | null, choices: ItemChoices): ItemValues {
  return {
    name: item?.name ?? '',
    sku: item?.sku ?? '',
    group: item?.group ?? 'ingredient',
    unitId: item?.unitId ?? choices.units[0]?.id ?? '',
    purchaseUnitId: item?.purchaseUnitId ?? '',
    purchaseFactor: shortQuantity(item?.purchaseFactor ?? null),
    reorderLevel: shortQuantity(item?.reorderLevel ?? null),
    parLevel: shortQuantity(item?.parLevel ?? null),
    preferredSupplierId: item?.preferredSupplierId ?? '',
    storageArea: item?.storageArea ?? '',
    storageOrder:
      item?.storageOrder === null || item?.storageOrder === undefined ? '' : String(item.storageOrder),
    active: item?.active ?? true,
  };
}

/** Empty text is "none"; a decimal comma is a point. */
const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());
const optionalQuantity = (text: string) => optionalText(text)?.replace(',', '.') ?? null;

/** The request body of the values: a new item has no `active` (it starts active). */
export function toInput(values: ItemValues, editing: boolean): Conversion {
  const storageOrder = values.storageOrder.trim();
  return {
    input: {
      name: values.name,
      sku: optionalText(values.sku),
      group: values.group,
      unitId: values.unitId,
      purchaseUnitId: values.purchaseUnitId || null,
      purchaseFactor: optionalQuantity(values.purchaseFactor),
      reorderLevel: optionalQuantity(values.reorderLevel),
      parLevel: optionalQuantity(values.parLevel),
      preferredSupplierId: values.preferredSupplierId || null,
      storageArea: optionalText(values.storageArea),
      storageOrder: storageOrder === '' ? null : Number(storageOrder),
      ...(editing ? { active: values.active } : {}),
    },
  };
}

interface ItemFormDialogProps {
  /** null adds an item. */
  item: InventoryItem | null;
  choices: ItemChoices;
  onClose: () => void;
  /** Called with the item as saved. */
  onSaved?: (item: InventoryItem) => void;
}

/** Add an inventory item, or change one (its stock comes from movements, never from here). */
export function ItemFormDialog({ item, choices, onClose, onSaved }: ItemFormDialogProps) {
  const create = useCreateInventoryItem();
  const update = useUpdateInventoryItem(item?.id ?? '');
  const editing = item !== null;
  const form = useSchemaForm<ItemValues, InventoryItemInput>({
    schema: (editing
      ? InventoryItemUpdateSchema
      : InventoryItemInputSchema) as typeof InventoryItemInputSchema,
    initialValues: itemValues(item, choices),
    convert: (values) => toInput(values, editing),
    version: item?.version,
    subject: 'this item',
  });
  const busy = form.submitting;

  const submit = form.handleSubmit(async (input) => {
    if (!item) {
      const created = await create.mutateAsync(input);
      toast.success(`${created.name} added`);
      onSaved?.(created);
      onClose();
      return;
    }
    const changes = form.changes(input);
    if (!changes) {
      onClose();
      return;
    }
    const saved = await update.mutateAsync(changes);
    toast.success(`${saved.name} saved`);
    onSaved?.(saved);
    onClose();
  });

  const unitOptions = choices.units.map((unit) => (
    <option key={unit.id} value={unit.id}>
      {unit.name} ({unit.symbol})
    </option>
  ));
  const fieldError = (path: string) => {
    const message = form.errorOf(path);
    return message ? <p className="text-sm text-red-700">{message}</p> : null;
  };

  return (
    <Dialog
      open
      size="lg"
      title={editing ? `Edit ${item.name}` : 'Add inventory item'}
      description={
        editing ? undefined : 'It starts with no stock: a delivery, a count or an adjustment brings it in.'
      }
      busy={busy}
      onClose={onClose}
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            value={form.values.name}
            maxLength={MAX_ITEM_NAME}
            autoComplete="off"
            placeholder="Whole milk"
            disabled={busy}
            error={form.errorOf('name')}
            onChange={(event) => form.setField('name', event.target.value)}
          />
          <TextField
            label="SKU (optional)"
            value={form.values.sku}
            maxLength={MAX_SKU}
            autoComplete="off"
            disabled={busy}
            error={form.errorOf('sku')}
            onChange={(event) => form.setField('sku', event.target.value)}
          />
          <SelectField
            label="Group"
            value={form.values.group}
            disabled={busy}
            onChange={(event) => form.setField('group', event.target.value as InventoryGroup)}
          >
            {INVENTORY_GROUPS.map((group) => (
              <option key={group} value={group}>
                {INVENTORY_GROUP_LABELS[group]}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-col gap-1.5">
            <SelectField
              label="Stock unit"
              value={form.values.unitId}
              disabled={busy}
              onChange={(event) => form.setField('unitId', event.target.value)}
            >
              {unitOptions}
            </SelectField>
            {fieldError('unitId')}
          </div>
          <div className="flex flex-col gap-1.5">
            <SelectField
              label="Purchase unit (optional)"
              value={form.values.purchaseUnitId}
              disabled={busy}
              onChange={(event) => form.setField('purchaseUnitId', event.target.value)}
            >
              <option value="">None: bought in the stock unit</option>
              {unitOptions}
            </SelectField>
            {fieldError('purchaseUnitId')}
          </div>
          <TextField
            label="Stock units per purchase unit"
            value={form.values.purchaseFactor}
            inputMode="decimal"
            autoComplete="off"
            placeholder="24"
            disabled={busy || form.values.purchaseUnitId === ''}
            error={form.errorOf('purchaseFactor')}
            onChange={(event) => form.setField('purchaseFactor', event.target.value)}
          />
          <TextField
            label="Reorder level (optional)"
            value={form.values.reorderLevel}
            inputMode="decimal"
            autoComplete="off"
            description="At or below it the item is low and admins are told."
            disabled={busy}
            error={form.errorOf('reorderLevel')}
            onChange={(event) => form.setField('reorderLevel', event.target.value)}
          />
          <TextField
            label="Par level (optional)"
            value={form.values.parLevel}
            inputMode="decimal"
            autoComplete="off"
            description="What a suggested order fills it up to."
            disabled={busy}
            error={form.errorOf('parLevel')}
            onChange={(event) => form.setField('parLevel', event.target.value)}
          />
          <div className="flex flex-col gap-1.5">
            <SelectField
              label="Preferred supplier (optional)"
              value={form.values.preferredSupplierId}
              disabled={busy}
              onChange={(event) => form.setField('preferredSupplierId', event.target.value)}
            >
              <option value="">None</option>
              {/* A supplier archived since stays shown as the item's until it is changed. */}
              {item?.preferredSupplierId &&
                !choices.suppliers.some((supplier) => supplier.id === item.preferredSupplierId) && (
                  <option value={item.preferredSupplierId}>{item.preferredSupplierName ?? 'Archived'}</option>
                )}
              {choices.suppliers.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </option>
              ))}
            </SelectField>
            {fieldError('preferredSupplierId')}
          </div>
          <TextField
            label="Storage area (optional)"
            value={form.values.storageArea}
            maxLength={MAX_STORAGE_AREA}
            autoComplete="off"
            placeholder="Walk-in fridge"
            disabled={busy}
            error={form.errorOf('storageArea')}
            onChange={(event) => form.setField('storageArea', event.target.value)}
          />
          <TextField
            label="Place on the counting walk (optional)"
            value={form.values.storageOrder}
            inputMode="numeric"
            autoComplete="off"
            description="Counts list items in this order."
            disabled={busy}
            error={form.errorOf('storageOrder')}
            onChange={(event) => form.setField('storageOrder', event.target.value)}
          />
        </div>
        {editing && (
          <Switch
            label="Active"
            description="An archived item takes no stock movements and is left out of counts and orders."
            checked={form.values.active}
            disabled={busy}
            onChange={(checked) => form.setField('active', checked)}
          />
        )}
        {form.formError && (
          <p role="alert" className="text-sm text-red-700">
            {form.formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isLoading={busy}>
            {busy ? 'Saving...' : editing ? 'Save' : 'Add item'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
