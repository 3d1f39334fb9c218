import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { FoodCategory } from '../../../../shared/contracts/master-data';
import {
  ALLERGENS,
  MENU_TAG_LABELS,
  MENU_TAGS,
  type MenuItem,
  type MenuItemInput,
  MenuItemInputSchema,
  type MenuItemUpdate,
  MenuItemUpdateSchema,
  type Station,
} from '../../../../shared/contracts/menu';
import { Button } from '../../../components/ui/button';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { Switch } from '../../../components/ui/switch-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { getMenuItem, useSaveMenuItem } from '../api/menu-mutations';
import { convertMenuItemValues, initialMenuItemValues, type MenuItemValues } from './menu-item-values';
import { ALLERGEN_LABELS, STATION_LABELS } from './menu-labels';
import { ModifierGroupsEditor } from './modifier-groups-editor';
import { type PhotoChange, PhotoPicker } from './photo-picker';
import { RecipeSection } from './recipe-section';
import { SidePanel } from './side-panel';

interface MenuItemPanelProps {
  /** The item to edit, or null for a new one. */
  item: MenuItem | null;
  /** Where a new item goes unless another category is chosen. */
  defaultCategoryId: string;
  categories: FoodCategory[];
  currency: string;
  onClose: () => void;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-neutral-200 pt-6 first:border-t-0 first:pt-0"
    >
      <div>
        <h3 id={headingId} className="text-base font-semibold text-neutral-950">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-sm text-neutral-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * "Add item" and "Edit": the item form in a panel (the whole screen on a phone). Mounted while open,
 * so each opening starts from the item as it is saved.
 */
export function MenuItemPanel({
  item,
  defaultCategoryId,
  categories,
  currency,
  onClose,
}: MenuItemPanelProps) {
  const save = useSaveMenuItem();
  const categoryErrorId = useId();
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  // The recipe's unsaved changes are saved first (its options are the item's as saved), then the item.
  const saveRecipe = useRef<(() => Promise<boolean>) | null>(null);
  const convert = (values: MenuItemValues) => convertMenuItemValues(values, currency);
  const [initialValues] = useState(() => initialMenuItemValues(item, currency, defaultCategoryId));
  const form = useSchemaForm<MenuItemValues, MenuItemInput | MenuItemUpdate>({
    schema: (item ? MenuItemUpdateSchema : MenuItemInputSchema) as z.ZodType<MenuItemInput | MenuItemUpdate>,
    initialValues,
    convert,
    // An edit is based on the item's version; when someone else saved it first, the form reloads it.
    version: item?.version,
    reload: item
      ? async () => {
          const fresh = await getMenuItem(item.id);
          return {
            values: initialMenuItemValues(fresh, currency, defaultCategoryId),
            version: fresh.version,
          };
        }
      : undefined,
    subject: 'this menu item',
  });
  const { values, setField, errorOf } = form;
  const submitting = form.submitting || save.isPending;

  const categoryChoices = useMemo(() => {
    const choices = categories.map((category) => ({ id: category.id, name: category.name }));
    // An item of an archived category keeps it until moved.
    if (item && !choices.some((choice) => choice.id === item.categoryId)) {
      choices.push({ id: item.categoryId, name: `${item.categoryName} (archived)` });
    }
    return choices;
  }, [categories, item]);

  const submit = form.handleSubmit(async (input) => {
    let fields: MenuItemInput | MenuItemUpdate = input;
    if (saveRecipe.current && !(await saveRecipe.current())) return;
    if (item) {
      // An edit sends only what changed since the item was opened (or reloaded), with its version.
      const changes = form.changes(input) as MenuItemUpdate | null;
      if (changes === null && photo.kind === 'keep') {
        onClose();
        return;
      }
      // Nothing but the photo: no PATCH.
      fields = changes ?? ({} as MenuItemUpdate);
    }
    await save.mutateAsync({ id: item?.id ?? null, fields, photo });
    onClose();
  });

  return (
    <SidePanel
      open
      onClose={() => {
        if (!submitting) onClose();
      }}
      busy={submitting}
      title={item ? 'Edit menu item' : 'Add menu item'}
      description={item ? item.name : 'It goes last in its category; move it with the arrows in the list.'}
      formRef={form.formRef}
      onSubmit={(event) => void submit(event)}
      footer={
        <div className="flex flex-col gap-3">
          {form.formError && (
            <p role="alert" className="text-sm text-red-700">
              {form.formError}
            </p>
          )}
          {/* Side by side even on a phone: the body keeps as much of the screen as it can. */}
          <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" isLoading={submitting}>
              {submitting ? 'Saving...' : item ? 'Save changes' : 'Create item'}
            </Button>
          </div>
        </div>
      }
    >
      <div className="flex flex-col gap-6">
        <Section title="Details">
          <TextField
            label="Name"
            data-autofocus
            value={values.name}
            maxLength={100}
            autoComplete="off"
            disabled={submitting}
            error={errorOf('name')}
            onChange={(event) => setField('name', event.target.value)}
          />
          <TextAreaField
            label="Description"
            value={values.description}
            maxLength={1000}
            rows={3}
            className="[&_textarea]:min-h-24"
            disabled={submitting}
            error={errorOf('description')}
            description="Shown to guests under the name."
            onChange={(event) => setField('description', event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <SelectField
                label="Category"
                value={values.categoryId}
                disabled={submitting}
                aria-invalid={errorOf('categoryId') ? true : undefined}
                aria-describedby={errorOf('categoryId') ? categoryErrorId : undefined}
                onChange={(event) => setField('categoryId', event.target.value)}
              >
                {values.categoryId === '' && <option value="">Choose a category</option>}
                {categoryChoices.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </SelectField>
              {errorOf('categoryId') && (
                <p id={categoryErrorId} className="text-sm text-red-700">
                  {errorOf('categoryId')}
                </p>
              )}
            </div>
            <MoneyField
              label="Price"
              currency={currency}
              value={values.price}
              placeholder="0.00"
              disabled={submitting}
              error={errorOf('price')}
              onChange={(event) => setField('price', event.target.value)}
            />
            <SelectField
              label="Preparation station"
              value={values.station}
              disabled={submitting}
              onChange={(event) => setField('station', event.target.value as Station)}
            >
              {(Object.keys(STATION_LABELS) as Station[]).map((station) => (
                <option key={station} value={station}>
                  {STATION_LABELS[station]}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Switch
              label="Available today"
              description="Off when it has run out; guests see “Not available today”."
              checked={values.availableToday}
              disabled={submitting}
              onChange={(checked) => setField('availableToday', checked)}
            />
            <Switch
              label="Shown online"
              description="Off to keep it for staff orders only."
              checked={values.shownOnline}
              disabled={submitting}
              onChange={(checked) => setField('shownOnline', checked)}
            />
          </div>
        </Section>

        <Section title="Photo">
          <PhotoPicker
            currentUrl={item?.photoUrl ?? null}
            itemName={values.name}
            value={photo}
            onChange={setPhoto}
            disabled={submitting}
          />
        </Section>

        <Section title="Dietary information" description="Guests filter the online menu by these.">
          <ChoiceChips
            legend="Tags"
            options={MENU_TAGS}
            labels={MENU_TAG_LABELS}
            value={values.tags}
            error={errorOf('tags')}
            onChange={(tags) => setField('tags', tags)}
          />
          <ChoiceChips
            legend="Allergens"
            options={ALLERGENS}
            labels={ALLERGEN_LABELS}
            value={values.allergens}
            error={errorOf('allergens')}
            onChange={(allergens) => setField('allergens', allergens)}
          />
        </Section>

        <Section
          title="Modifier groups"
          description="Choices guests make when they order, each with a price difference (it may be negative)."
        >
          <ModifierGroupsEditor
            groups={values.modifierGroups}
            currency={currency}
            disabled={submitting}
            errorOf={errorOf}
            update={(change, path) =>
              form.setValues(
                (current) => ({ ...current, modifierGroups: change(current.modifierGroups) }),
                path,
              )
            }
          />
        </Section>

        <Section
          title="Recipe"
          description="What one of this dish takes out of stock when its order is completed, and what each option adds or replaces."
        >
          {item ? (
            <RecipeSection item={item} saveRef={saveRecipe} />
          ) : (
            <p className="text-sm text-neutral-600">Create the item first, then give it its recipe.</p>
          )}
        </Section>
      </div>
    </SidePanel>
  );
}
