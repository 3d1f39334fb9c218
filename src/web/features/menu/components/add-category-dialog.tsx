import {
  type FoodCategory,
  type FoodCategoryInput,
  FoodCategoryInputSchema,
} from '../../../../shared/contracts/master-data';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateFoodCategory } from '../api/menu-mutations';

interface AddCategoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new category (it goes last), so the screen can show it. */
  onCreated: (category: FoodCategory) => void;
}

const EMPTY = { name: '', description: '' };

/** Name and description of a new food category, without leaving the menu. */
export function AddCategoryDialog({ open, onClose, onCreated }: AddCategoryDialogProps) {
  const create = useCreateFoodCategory();
  const form = useSchemaForm<typeof EMPTY, FoodCategoryInput>({
    schema: FoodCategoryInputSchema,
    initialValues: EMPTY,
  });
  const busy = form.submitting;

  function close() {
    if (busy) return;
    form.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (input) => {
    const category = await create.mutateAsync(input);
    form.reset();
    onCreated(category);
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      busy={busy}
      title="Add category"
      description="It goes last in the list; move it with the arrows."
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label="Name"
          value={form.values.name}
          maxLength={100}
          autoComplete="off"
          placeholder="Starters"
          disabled={busy}
          error={form.errorOf('name')}
          onChange={(event) => form.setField('name', event.target.value)}
        />
        <TextAreaField
          label="Description"
          value={form.values.description}
          maxLength={500}
          rows={2}
          className="[&_textarea]:min-h-24"
          description="Optional. Shown under the category on the online menu."
          disabled={busy}
          error={form.errorOf('description')}
          onChange={(event) => form.setField('description', event.target.value)}
        />
        {form.formError && (
          <p role="alert" className="text-sm text-red-700">
            {form.formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isLoading={busy}>
            {busy ? 'Adding...' : 'Add category'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
