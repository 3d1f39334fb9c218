import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import type { RecordStatus } from '../../../../shared/contracts/fields';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { isStaleWrite, staleActionMessage } from '../../../lib/stale-write';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteResource, useResourceList, useUpdateResource } from '../api/resource-api';
import {
  capitalize,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceFieldProps,
  type ResourceItem,
  type ResourceRowAction,
} from './resource-definition';
import { ResourceFormDialog, type ResourceFormTarget } from './resource-form-dialog';
import { ListEmpty, ListError, ListLoading, LoadMore, ResourceList } from './resource-list';
import { ResourceRowActions } from './resource-row-actions';
import { SearchBox, StatusFilter } from './resource-toolbar';

export interface ResourceScreenProps<Item extends ResourceItem, Values, Input, Update> {
  definition: ResourceDefinition<Item, Values, Input, Update>;
  /** Currency and locale (from `useConfig()`), for money in the list and the form. */
  context: ResourceContext;
  /** The heading; the plural noun by default. `null` leaves the heading out (a page has its own). */
  title?: string | null;
  /** Extra list filters the API knows (`categoryId`), set by controls passed as `toolbar`. */
  filters?: Record<string, string>;
  /** Controls beside the search box (filter selects). */
  toolbar?: ReactNode;
  /** A form of one's own instead of the definition's fields (see `ResourceFormDialog`). */
  renderFields?: (props: ResourceFieldProps<Values>) => ReactNode;
}

/**
 * A whole back-office list screen from a `ResourceDefinition`: heading and Add, search (debounced),
 * Active / Archived, a table (phones: cards) with Edit, Archive / Restore and Delete per record,
 * "Load more", loading, empty and error states, and the add/edit form in a dialog.
 */
export function ResourceScreen<Item extends ResourceItem, Values, Input, Update>({
  definition,
  context,
  title,
  filters,
  toolbar,
  renderFields,
}: ResourceScreenProps<Item, Values, Input, Update>) {
  const { noun, nounPlural, apiPath } = definition;
  const labelOf = definition.itemLabel ?? ((item: Item) => item.name);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [status, setStatus] = useState<RecordStatus>('active');
  const [formTarget, setFormTarget] = useState<ResourceFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [openAction, setOpenAction] = useState<{ action: ResourceRowAction<Item>; item: Item } | null>(null);

  const list = useResourceList<Item>(apiPath, {
    search,
    status,
    sort: definition.sort,
    filters,
    limit: definition.pageSize,
  });
  const setActive = useUpdateResource<Item, { active: boolean; version: number }>(apiPath);
  const remove = useDeleteResource(apiPath);
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = definition.compare ? [...loaded].sort(definition.compare) : loaded;
  const heading = title === undefined ? capitalize(nounPlural) : title;
  const addButton = (
    <Button onClick={() => setFormTarget({ mode: 'create' })} className="shrink-0">
      <Plus aria-hidden="true" className="size-4" />
      Add {noun}
    </Button>
  );

  function changeStatus(item: Item, active: boolean) {
    setActive.mutate(
      { id: item.id, changes: { active, version: item.version } },
      {
        onSuccess: () => toast.success(`${capitalize(noun)} ${active ? 'restored' : 'archived'}`),
        // A stale version: the list reloads (the mutation is settled) and says why.
        onError: (error) =>
          toast.error(isStaleWrite(error) ? staleActionMessage(`this ${noun}`) : errorMessage(error)),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${capitalize(noun)} deleted`),
      // A record in use stays: the server's 409 says so and suggests archiving it.
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  }

  let content: ReactNode;
  if (list.isPending) {
    content = <ListLoading>Loading {nounPlural}...</ListLoading>;
  } else if (list.isError) {
    content = <ListError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    content = search ? (
      <ListEmpty>
        No {status === 'archived' ? 'archived ' : ''}
        {nounPlural} match “{search}”.
      </ListEmpty>
    ) : status === 'archived' ? (
      <ListEmpty>No archived {nounPlural}.</ListEmpty>
    ) : (
      <ListEmpty action={addButton}>There are no {nounPlural} yet.</ListEmpty>
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <ResourceList
          items={items}
          columns={definition.columns}
          context={context}
          label={capitalize(nounPlural)}
          renderActions={(item) => (
            <ResourceRowActions
              name={labelOf(item)}
              active={item.active}
              statusPending={setActive.isPending && setActive.variables?.id === item.id}
              onEdit={() => setFormTarget({ mode: 'edit', id: item.id })}
              onSetActive={(active) => changeStatus(item, active)}
              onDelete={() => setDeleting(item)}
            >
              {definition.rowActions
                ?.filter((action) => action.available?.(item) ?? true)
                .map((action) => (
                  <Button
                    key={action.id}
                    variant="secondary"
                    onClick={() => setOpenAction({ action, item })}
                    aria-label={`${action.label} of ${labelOf(item)}`}
                  >
                    {action.icon && <action.icon aria-hidden="true" className="size-4" />}
                    {action.label}
                  </Button>
                ))}
            </ResourceRowActions>
          )}
        />
        {list.hasNextPage && (
          <LoadMore loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
        )}
      </div>
    );
  }

  return (
    <section aria-label={heading ?? capitalize(nounPlural)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          {heading && <h2 className="text-lg font-semibold tracking-tight text-neutral-950">{heading}</h2>}
          {definition.description && (
            <p className="mt-0.5 text-sm text-neutral-600">{definition.description}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 self-start">
          {definition.HeaderActions && <definition.HeaderActions />}
          {addButton}
        </div>
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center md:flex-1">
          <SearchBox
            value={searchInput}
            onChange={setSearchInput}
            label={definition.searchPlaceholder}
            className="md:max-w-xs"
          />
          {toolbar}
        </div>
        <StatusFilter value={status} onChange={setStatus} label={`${capitalize(nounPlural)} to show`} />
      </div>

      <p className="sr-only" aria-live="polite">
        {list.isSuccess && `${items.length}${list.hasNextPage ? '+' : ''} ${nounPlural} shown`}
      </p>
      {content}

      <ResourceFormDialog
        noun={noun}
        apiPath={apiPath}
        form={definition.form}
        context={context}
        target={formTarget}
        onClose={() => setFormTarget(null)}
        renderFields={renderFields}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${noun} “${deleting ? labelOf(deleting) : ''}”?`}
        confirmLabel="Delete"
        destructive
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => {
          if (!remove.isPending) setDeleting(null);
        }}
      >
        This cannot be undone. A {noun} that other records refer to cannot be deleted; archive it instead.
      </ConfirmDialog>
      {openAction && <openAction.action.Dialog item={openAction.item} onClose={() => setOpenAction(null)} />}
    </section>
  );
}
