import { RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateResource, useResource, useUpdateResource } from '../api/resource-api';
import {
  capitalize,
  type FormMode,
  type ResourceContext,
  type ResourceFieldProps,
  type ResourceFormDefinition,
} from './resource-definition';
import { ResourceFormFields } from './resource-form-fields';

/** Which form is open: a new record, or the record with this id. */
export type ResourceFormTarget = { mode: 'create' } | { mode: 'edit'; id: string };

export interface ResourceFormDialogProps<Item, Values, Input, Update> {
  /** Lower-case noun ("supplier"): the title says "Add supplier" / "Edit supplier", the toast "Supplier created". */
  noun: string;
  /** The API collection; an edit reads the record whole from `{apiPath}/{id}` (lists may mask fields). */
  apiPath: string;
  form: ResourceFormDefinition<Item, Values, Input, Update>;
  context: ResourceContext;
  /** null keeps the dialog closed. */
  target: ResourceFormTarget | null;
  onClose: () => void;
  /** After a successful save (the toast is shown and the dialog closes by itself). */
  onSaved?: (item: Item, mode: FormMode) => void;
  /** Replaces the generated fields with a form of one's own (it gets the same form controls). */
  renderFields?: (props: ResourceFieldProps<Values>) => ReactNode;
}

/**
 * Add or edit one record in a dialog. The form validates with the shared create or update schema as
 * the user types; a save sends the whole record (create) or only the fields that changed (edit), and
 * the server's field messages (a 409 for a taken name) land under their fields.
 */
export function ResourceFormDialog<Item, Values, Input, Update>(
  props: ResourceFormDialogProps<Item, Values, Input, Update>,
) {
  const { noun, apiPath, target, onClose } = props;
  const create = useCreateResource<Item, Input>(apiPath);
  const update = useUpdateResource<Item, Update>(apiPath);
  const busy = create.isPending || update.isPending;

  function close() {
    if (busy) return;
    onClose();
  }

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      busy={busy}
      title={target?.mode === 'edit' ? `Edit ${noun}` : `Add ${noun}`}
    >
      {target?.mode === 'create' && (
        <ResourceForm
          {...props}
          mode="create"
          recordId={null}
          initialValues={props.form.emptyValues(props.context)}
          onCancel={close}
          send={async (input) => {
            const item = await create.mutateAsync(input as Input);
            toast.success(`${capitalize(noun)} created`);
            props.onSaved?.(item, 'create');
            onClose();
          }}
        />
      )}
      {target?.mode === 'edit' && (
        <EditRecord
          {...props}
          id={target.id}
          onCancel={close}
          send={async (id, changes) => {
            if (changes === null) {
              toast('No changes to save.');
              onClose();
              return;
            }
            const item = await update.mutateAsync({ id, changes });
            toast.success(`${capitalize(noun)} updated`);
            props.onSaved?.(item, 'edit');
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

type EditRecordProps<Item, Values, Input, Update> = ResourceFormDialogProps<Item, Values, Input, Update> & {
  id: string;
  onCancel: () => void;
  /** `changes` is null when nothing differs from the record as it was read. */
  send: (id: string, changes: Update | null) => Promise<void>;
};

/** Reads the record whole, then shows the form with its values. */
function EditRecord<Item, Values, Input, Update>({
  id,
  send,
  ...props
}: EditRecordProps<Item, Values, Input, Update>) {
  const record = useResource<Item & { version: number }>(props.apiPath, id);
  if (record.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-10 text-neutral-600">
        <Spinner className="size-5" />
        Loading...
      </div>
    );
  }
  if (record.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-neutral-800">{errorMessage(record.error)}</p>
        <Button variant="secondary" onClick={() => void record.refetch()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ResourceForm
      {...props}
      key={id}
      mode="edit"
      recordId={id}
      initialValues={props.form.toFormValues(record.data, props.context)}
      version={record.data.version}
      reload={async () => {
        // Someone else changed the record: read it again and show it as saved now.
        const fresh = await record.refetch({ throwOnError: true });
        if (!fresh.data) throw new Error(`The ${props.noun} could not be read again.`);
        return { values: props.form.toFormValues(fresh.data, props.context), version: fresh.data.version };
      }}
      send={(input) => send(id, input as Update | null)}
    />
  );
}

type ResourceFormProps<Item, Values, Input, Update> = ResourceFormDialogProps<Item, Values, Input, Update> & {
  mode: FormMode;
  recordId: string | null;
  initialValues: Values;
  /** The version of the record edited (none for a new one). */
  version?: number;
  reload?: () => Promise<{ values: Values; version: number }>;
  onCancel: () => void;
  /** The whole record (create), or the changes with their version, or null for none (edit). */
  send: (input: Input | Update | null) => Promise<void>;
};

function ResourceForm<Item, Values, Input, Update>({
  form: definition,
  context,
  mode,
  recordId,
  initialValues,
  version,
  reload,
  renderFields,
  onCancel,
  send,
  noun,
}: ResourceFormProps<Item, Values, Input, Update>) {
  const schema = (mode === 'create' ? definition.createSchema : definition.updateSchema) as z.ZodType<
    Input | Update
  >;
  const form = useSchemaForm<Values, Input | Update>({
    schema,
    initialValues,
    convert: (values) => definition.convert(values, context),
    version,
    reload,
    subject: `this ${noun}`,
  });
  const { formRef } = form;

  // The dialog opens (showModal) after this form mounts; focus the first field once it is shown.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('input, select, textarea, [role="switch"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [formRef]);

  const fieldProps = { form, context, mode, recordId };
  return (
    <form
      ref={formRef}
      noValidate
      // An edit sends only what differs from the record as it was read (or reloaded after someone
      // else changed it), with the version it was based on.
      onSubmit={form.handleSubmit((input) =>
        send(mode === 'create' ? input : (form.changes(input) as Update | null)),
      )}
      className="flex flex-col gap-6"
    >
      {renderFields ? (
        renderFields(fieldProps)
      ) : (
        <ResourceFormFields fields={definition.fields} {...fieldProps} />
      )}
      {form.formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {form.formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={form.submitting}>
          Cancel
        </Button>
        <Button type="submit" isLoading={form.submitting}>
          {form.submitting ? 'Saving...' : mode === 'create' ? `Add ${noun}` : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
