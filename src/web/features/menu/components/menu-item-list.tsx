import { clsx } from 'clsx';
import {
  Archive,
  ArchiveRestore,
  ArrowDown,
  ArrowUp,
  Copy,
  EyeOff,
  ImageIcon,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { FoodCategory } from '../../../../shared/contracts/master-data';
import { MENU_TAG_LABELS, type MenuItem } from '../../../../shared/contracts/menu';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { Switch } from '../../../components/ui/switch-field';
import { pictureSources } from '../../../lib/image-urls';
import {
  useDeleteMenuItem,
  useDuplicateMenuItem,
  useReorderMenuItems,
  useSetAvailableToday,
  useSetMenuItemActive,
} from '../api/menu-mutations';
import { type MenuItemsFilter, useMenuItems } from '../api/menu-queries';
import { ActionsMenu } from './actions-menu';
import { IconButton } from './icon-button';

export interface MoneyFormat {
  currency: string;
  locale: string;
}

interface RowProps {
  item: MenuItem;
  money: MoneyFormat;
  /** Arrows to move the item; left out where the list is not a whole category in order. */
  move?: { up: (() => void) | null; down: (() => void) | null };
  onEdit: (item: MenuItem) => void;
  onDelete: (item: MenuItem) => void;
}

function Thumbnail({ item }: { item: MenuItem }) {
  return (
    <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-neutral-200 bg-neutral-100">
      {item.photoUrl ? (
        <img
          {...pictureSources(item.photoUrl, 56)}
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
      ) : (
        <ImageIcon aria-hidden="true" className="size-5 text-neutral-400" />
      )}
    </div>
  );
}

function Badge({ tone, children }: { tone: 'amber' | 'neutral'; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tone === 'amber'
          ? 'bg-amber-50 text-amber-900 ring-amber-200'
          : 'bg-neutral-100 text-neutral-700 ring-neutral-200',
      )}
    >
      {children}
    </span>
  );
}

/** One item: photo, name, badges, price, the "available today" switch, arrows and actions. */
function MenuItemRow({ item, money, move, onEdit, onDelete }: RowProps) {
  const setAvailable = useSetAvailableToday();
  const duplicate = useDuplicateMenuItem();
  const setActive = useSetMenuItemActive();
  const details = [
    ...item.tags.map((tag) => MENU_TAG_LABELS[tag]),
    item.modifierGroups.length > 0 ? item.modifierGroups.map((group) => group.name).join(', ') : null,
  ].filter(Boolean);

  return (
    <li
      data-testid="menu-item-row"
      aria-label={item.name}
      className="flex flex-wrap items-center gap-x-5 gap-y-3 px-4 py-3"
    >
      <div className="flex min-w-0 flex-[1_1_18rem] items-center gap-3">
        <Thumbnail item={item} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <button
              type="button"
              onClick={() => onEdit(item)}
              className="min-w-0 truncate rounded-sm text-left font-medium text-neutral-950 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-neutral-950"
            >
              {item.name}
            </button>
            {!item.shownOnline && (
              <Badge tone="amber">
                <EyeOff aria-hidden="true" className="size-3" />
                Hidden online
              </Badge>
            )}
            {!item.active && <Badge tone="neutral">Archived</Badge>}
          </div>
          {details.length > 0 && <p className="truncate text-sm text-neutral-500">{details.join(' · ')}</p>}
        </div>
        <span className="shrink-0 self-start pt-0.5 font-medium text-neutral-950 tabular-nums sm:self-center">
          {formatMoney(item.price, money.currency, money.locale)}
        </span>
      </div>

      <div className="flex flex-[1_1_100%] items-center justify-between gap-3 sm:flex-none">
        {item.active ? (
          <div className="flex min-w-0 items-center gap-2.5 sm:w-52">
            <Switch
              label={`${item.name}: available today`}
              hideLabel
              checked={item.availableToday}
              onChange={(availableToday) =>
                setAvailable.mutate({ id: item.id, availableToday, version: item.version })
              }
            />
            <span
              aria-hidden="true"
              className={clsx(
                'text-sm whitespace-nowrap',
                item.availableToday ? 'text-neutral-700' : 'font-medium text-red-700',
              )}
            >
              {item.availableToday ? 'Available today' : 'Not available today'}
            </span>
          </div>
        ) : (
          <span className="text-sm text-neutral-500 sm:w-52">Off the menu</span>
        )}
        <div className="flex items-center gap-0.5">
          {move && (
            <>
              <IconButton
                label={`Move ${item.name} up`}
                icon={ArrowUp}
                disabled={!move.up}
                onClick={() => move.up?.()}
              />
              <IconButton
                label={`Move ${item.name} down`}
                icon={ArrowDown}
                disabled={!move.down}
                onClick={() => move.down?.()}
              />
            </>
          )}
          {/* On a phone, the name and the "⋯" menu open the form; the row has no room for a third way. */}
          <span className="hidden md:block">
            <Button variant="ghost" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          </span>
          <ActionsMenu
            label={`More actions for ${item.name}`}
            actions={[
              { label: 'Edit', icon: Pencil, onSelect: () => onEdit(item) },
              { label: 'Duplicate', icon: Copy, onSelect: () => duplicate.mutate(item) },
              item.active
                ? {
                    label: 'Archive',
                    icon: Archive,
                    onSelect: () => setActive.mutate({ item, active: false }),
                  }
                : {
                    label: 'Restore',
                    icon: ArchiveRestore,
                    onSelect: () => setActive.mutate({ item, active: true }),
                  },
              { label: 'Delete', icon: Trash2, danger: true, onSelect: () => onDelete(item) },
            ]}
          />
        </div>
      </div>
    </li>
  );
}

interface MenuItemListProps {
  filter: MenuItemsFilter;
  categories: FoodCategory[];
  money: MoneyFormat;
  onAdd: () => void;
  onEdit: (item: MenuItem) => void;
}

/** Items grouped under their categories in the owner's order (the "All items" view). */
function groupByCategory(items: MenuItem[], categories: FoodCategory[]) {
  const order = new Map(categories.map((category, index) => [category.id, index]));
  const groups = new Map<string, { id: string; name: string; items: MenuItem[] }>();
  for (const item of items) {
    const group = groups.get(item.categoryId) ?? { id: item.categoryId, name: item.categoryName, items: [] };
    group.items.push(item);
    groups.set(item.categoryId, group);
  }
  // Items of an archived category come last.
  const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...groups.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

/**
 * The items of the chosen category (or all of them) in the order guests see, with loading, empty and
 * error states, and the delete confirmation.
 */
export function MenuItemList({ filter, categories, money, onAdd, onEdit }: MenuItemListProps) {
  const query = useMenuItems(filter);
  const reorder = useReorderMenuItems();
  const remove = useDeleteMenuItem();
  const [deleting, setDeleting] = useState<MenuItem | null>(null);
  const items = query.items ?? [];
  // Arrows only where the list is one whole category in order: not while searching or in the archive.
  const reorderable = filter.categoryId !== null && filter.status === 'active' && filter.search === '';

  if (query.isPending) {
    return <ListLoading>Loading the menu...</ListLoading>;
  }
  if (query.isError) {
    return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) {
    const archived = filter.status === 'archived';
    const message = filter.search
      ? `No ${archived ? 'archived ' : ''}items match “${filter.search}”.`
      : archived
        ? `No archived items${filter.categoryId ? ' in this category' : ''}.`
        : filter.categoryId
          ? 'No items in this category yet'
          : 'No items on the menu yet';
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-neutral-700">{message}</p>
        {!archived && !filter.search && (
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" className="size-4" />
            Add item
          </Button>
        )}
      </Card>
    );
  }

  function moveItem(from: number, to: number) {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(ids);
  }

  const rows = (list: MenuItem[]) => (
    <Card>
      <ul className="divide-y divide-neutral-200">
        {list.map((item, index) => (
          <MenuItemRow
            key={item.id}
            item={item}
            money={money}
            move={
              reorderable
                ? {
                    up: index > 0 ? () => moveItem(index, index - 1) : null,
                    down: index < list.length - 1 ? () => moveItem(index, index + 1) : null,
                  }
                : undefined
            }
            onEdit={onEdit}
            onDelete={setDeleting}
          />
        ))}
      </ul>
    </Card>
  );

  return (
    <div className="flex flex-col gap-4">
      {filter.categoryId
        ? rows(items)
        : groupByCategory(items, categories).map((group) => (
            <section key={group.id} aria-label={group.name} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold tracking-wide text-neutral-500 uppercase">{group.name}</h3>
              {rows(group.items)}
            </section>
          ))}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        destructive
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
        onClose={() => setDeleting(null)}
      >
        This cannot be undone. An item that is on orders cannot be deleted: archive it instead, and it stays
        on old orders and reports.
      </ConfirmDialog>
    </div>
  );
}
