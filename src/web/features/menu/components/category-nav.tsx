import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown, Check, FolderPlus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FoodCategory } from '../../../../shared/contracts/master-data';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { IconButton } from './icon-button';

/** Editing and archiving categories is master data; the menu only adds and orders them. */
const MANAGE_CATEGORIES_PATH = `${paths.masterData}/food-categories`;

interface CategoryNavProps {
  categories: FoodCategory[];
  counts: { byCategory: Map<string, number>; total: number | null };
  /** null: "All items". */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onMove: (from: number, to: number) => void;
  onAdd: () => void;
}

function CountBadge({ count, selected }: { count: number | null | undefined; selected: boolean }) {
  if (count === null) return null;
  return (
    <span
      className={clsx(
        'ml-auto shrink-0 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
        selected ? 'bg-white/20 text-white' : 'bg-neutral-100 text-neutral-600',
      )}
    >
      {count ?? 0}
      <span className="sr-only">{count === 1 ? ' item' : ' items'}</span>
    </span>
  );
}

/** The vertical list: "All items", then each category with its count and arrows to move it. */
function CategoryList({ categories, counts, selectedId, onSelect, onMove }: CategoryNavProps) {
  const rowClasses = (selected: boolean) =>
    clsx(
      'flex min-h-10 min-w-0 flex-1 items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors',
      'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950',
      selected ? 'bg-neutral-950 text-white' : 'text-neutral-800 hover:bg-neutral-100',
    );
  return (
    <ul className="flex flex-col gap-0.5">
      <li>
        <button
          type="button"
          aria-current={selectedId === null ? 'true' : undefined}
          onClick={() => onSelect(null)}
          className={clsx(rowClasses(selectedId === null), 'w-full')}
        >
          All items
          <CountBadge count={counts.total} selected={selectedId === null} />
        </button>
      </li>
      {categories.map((category, index) => {
        const selected = selectedId === category.id;
        return (
          <li key={category.id} className="flex items-center gap-0.5">
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(category.id)}
              className={rowClasses(selected)}
            >
              <span className="truncate">{category.name}</span>
              <CountBadge
                count={counts.total === null ? null : (counts.byCategory.get(category.id) ?? 0)}
                selected={selected}
              />
            </button>
            <IconButton
              label={`Move ${category.name} up`}
              icon={ArrowUp}
              size="sm"
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            />
            <IconButton
              label={`Move ${category.name} down`}
              icon={ArrowDown}
              size="sm"
              disabled={index === categories.length - 1}
              onClick={() => onMove(index, index + 1)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** "Manage categories"; on a phone only its icon fits beside the other buttons. */
function ManageLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to={MANAGE_CATEGORIES_PATH}
      title={compact ? 'Manage categories' : undefined}
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-md text-sm text-neutral-600 underline-offset-4 hover:text-neutral-950 hover:underline focus-visible:outline-2 focus-visible:outline-neutral-950',
        compact && 'size-10 justify-center hover:bg-neutral-100 sm:size-auto sm:hover:bg-transparent',
      )}
    >
      <Settings2 aria-hidden="true" className="size-4" />
      <span className={clsx(compact && 'sr-only sm:not-sr-only')}>Manage categories</span>
    </Link>
  );
}

/**
 * The food categories in the owner's order: a side column on wide screens, a row of chips on a phone
 * or tablet (where "Reorder" opens the list with the arrows).
 */
export function CategoryNav(props: CategoryNavProps) {
  const { categories, counts, selectedId, onSelect, onAdd } = props;
  const [reordering, setReordering] = useState(false);

  const chip = (id: string | null, name: string, count: number | null | undefined) => {
    const selected = selectedId === id;
    return (
      <li key={id ?? 'all'} className="shrink-0">
        <button
          type="button"
          aria-current={selected ? 'true' : undefined}
          onClick={() => onSelect(id)}
          className={clsx(
            'inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
            selected
              ? 'border-neutral-950 bg-neutral-950 text-white'
              : 'border-neutral-300 bg-white text-neutral-800 hover:border-neutral-400',
          )}
        >
          {name}
          {count !== null && (
            <span className={clsx('text-xs tabular-nums', selected ? 'text-white/70' : 'text-neutral-500')}>
              {count ?? 0}
              <span className="sr-only">{count === 1 ? ' item' : ' items'}</span>
            </span>
          )}
        </button>
      </li>
    );
  };

  return (
    <>
      <nav aria-label="Menu categories" className="flex flex-col gap-3 lg:hidden">
        <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6">
          {chip(null, 'All items', counts.total)}
          {categories.map((category) =>
            chip(
              category.id,
              category.name,
              counts.total === null ? null : (counts.byCategory.get(category.id) ?? 0),
            ),
          )}
        </ul>
        <div className="flex items-center gap-x-2">
          <Button variant="ghost" onClick={onAdd} className="-ml-2">
            <FolderPlus aria-hidden="true" className="size-4" />
            Add category
          </Button>
          {categories.length > 1 && (
            <Button
              variant="ghost"
              onClick={() => setReordering((current) => !current)}
              aria-expanded={reordering}
            >
              {reordering ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <ArrowUpDown aria-hidden="true" className="size-4" />
              )}
              {reordering ? 'Done' : 'Reorder'}
            </Button>
          )}
          <span className="ml-auto">
            <ManageLink compact />
          </span>
        </div>
        {reordering && (
          <Card className="p-2">
            <CategoryList {...props} />
          </Card>
        )}
      </nav>

      <Card className="hidden w-72 shrink-0 lg:block">
        <nav aria-label="Menu categories" className="flex flex-col">
          <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-neutral-950">Categories</h2>
          </div>
          <div className="p-2">
            <CategoryList {...props} />
          </div>
          <div className="flex flex-col items-start gap-3 border-t border-neutral-200 px-4 py-3">
            <Button variant="secondary" onClick={onAdd} fullWidth>
              <FolderPlus aria-hidden="true" className="size-4" />
              Add category
            </Button>
            <ManageLink />
          </div>
        </nav>
      </Card>
    </>
  );
}
