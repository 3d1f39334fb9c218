import { clsx } from 'clsx';
import { FolderPlus, Plus, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RecordStatus } from '../../shared/contracts/fields';
import type { MenuItem } from '../../shared/contracts/menu';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { SearchBox } from '../components/ui/search-box';
import { Spinner } from '../components/ui/spinner';
import { useConfig } from '../features/config';
import {
  AddCategoryDialog,
  CategoryNav,
  MenuItemList,
  MenuItemPanel,
  useFoodCategories,
  useMenuItemCounts,
  useReorderFoodCategories,
} from '../features/menu';
import { errorMessage } from '../lib/api-client';
import { useDebouncedValue } from '../lib/use-debounced-value';

const STATUS_TABS: readonly { status: RecordStatus; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'archived', label: 'Archived' },
];

/** `?category=all` shows every item; no parameter shows the first category. */
const ALL = 'all';

/**
 * `/menu` (Menu Management): the categories in order, the chosen category's items with their "available
 * today" switch, arrows and actions, and the item form with photo and modifier groups.
 */
export function MenuPage() {
  const config = useConfig();
  const categoriesQuery = useFoodCategories();
  const categories = categoriesQuery.categories;
  const counts = useMenuItemCounts();
  const reorderCategories = useReorderFoodCategories();
  // The category and the archive filter live in the URL: a reload or a shared link opens the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [editor, setEditor] = useState<{ key: number; item: MenuItem | null } | null>(null);
  const [addingCategory, setAddingCategory] = useState(false);
  const searchId = useId();

  const requested = searchParams.get('category');
  const status: RecordStatus = searchParams.get('status') === 'archived' ? 'archived' : 'active';
  const selected =
    requested === ALL
      ? null
      : (categories?.find((category) => category.id === requested) ?? categories?.[0] ?? null);
  const selectedId = selected?.id ?? null;

  function updateParams(next: { category?: string | null; status?: RecordStatus }) {
    const params = new URLSearchParams(searchParams);
    if (next.category !== undefined) params.set('category', next.category ?? ALL);
    if (next.status !== undefined) {
      if (next.status === 'archived') params.set('status', 'archived');
      else params.delete('status');
    }
    setSearchParams(params, { replace: true });
  }

  function selectCategory(id: string | null) {
    setSearchInput('');
    updateParams({ category: id });
  }

  function moveCategory(from: number, to: number) {
    if (!categories) return;
    const ids = categories.map((category) => category.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorderCategories.mutate(ids);
  }

  const openEditor = (item: MenuItem | null) =>
    setEditor((current) => ({ key: (current?.key ?? 0) + 1, item }));
  const ready = config.data && categories;

  return (
    <div className="w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Menu Management" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            Menu Management
          </h1>
          <p className="mt-1 text-neutral-600">
            Dishes and drinks, their prices and choices, and what guests see online today.
          </p>
        </div>
        <Button
          onClick={() => openEditor(null)}
          disabled={!ready || categories.length === 0}
          className="self-start sm:self-auto"
        >
          <Plus aria-hidden="true" className="size-4" />
          Add item
        </Button>
      </div>

      {categoriesQuery.isError ? (
        <Card role="alert" className="mt-8 flex flex-col items-start gap-3 p-6">
          <p className="text-neutral-800">{errorMessage(categoriesQuery.error)}</p>
          <Button variant="secondary" onClick={() => void categoriesQuery.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Card>
      ) : !ready ? (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-neutral-600">
          <Spinner className="size-5" />
          Loading the menu...
        </div>
      ) : categories.length === 0 ? (
        <Card className="mt-8 flex flex-col items-center gap-4 p-10 text-center">
          <div>
            <h2 className="text-lg font-semibold text-neutral-950">Start with a category</h2>
            <p className="mt-1 text-neutral-600">
              Group your menu into categories such as Starters, Mains and Drinks, then add items to them.
            </p>
          </div>
          <Button onClick={() => setAddingCategory(true)}>
            <FolderPlus aria-hidden="true" className="size-4" />
            Add category
          </Button>
        </Card>
      ) : (
        <div className="mt-8 flex flex-col gap-6 lg:flex-row lg:items-start">
          <CategoryNav
            categories={categories}
            counts={counts}
            selectedId={selectedId}
            onSelect={selectCategory}
            onMove={moveCategory}
            onAdd={() => setAddingCategory(true)}
          />
          <section aria-labelledby={`${searchId}-heading`} className="flex min-w-0 flex-1 flex-col gap-4">
            <div className="flex flex-col gap-3 xl:flex-row xl:items-end xl:justify-between">
              <div className="min-w-0">
                <h2 id={`${searchId}-heading`} className="truncate text-xl font-semibold text-neutral-950">
                  {selected?.name ?? 'All items'}
                </h2>
                {selected?.description && (
                  <p className="mt-0.5 text-sm text-neutral-600">{selected.description}</p>
                )}
              </div>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <fieldset className="inline-flex self-start rounded-lg bg-neutral-100 p-1">
                  <legend className="sr-only">Show</legend>
                  {STATUS_TABS.map((tab) => (
                    <button
                      key={tab.status}
                      type="button"
                      aria-pressed={status === tab.status}
                      onClick={() => updateParams({ status: tab.status })}
                      className={clsx(
                        'h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                        status === tab.status
                          ? 'bg-white text-neutral-950 shadow-sm'
                          : 'text-neutral-600 hover:text-neutral-950',
                      )}
                    >
                      {tab.label}
                    </button>
                  ))}
                </fieldset>
                <SearchBox
                  value={searchInput}
                  onChange={setSearchInput}
                  label={selected ? `Search ${selected.name}` : 'Search all items'}
                  className="sm:w-72"
                />
              </div>
            </div>
            <MenuItemList
              filter={{ categoryId: selectedId, status, search }}
              categories={categories}
              money={{ currency: config.data.currency, locale: config.data.locale }}
              onAdd={() => openEditor(null)}
              onEdit={openEditor}
            />
          </section>
        </div>
      )}

      {editor && ready && (
        <MenuItemPanel
          key={editor.key}
          item={editor.item}
          defaultCategoryId={selectedId ?? categories[0]?.id ?? ''}
          categories={categories}
          currency={config.data.currency}
          onClose={() => setEditor(null)}
        />
      )}
      <AddCategoryDialog
        open={addingCategory}
        onClose={() => setAddingCategory(false)}
        onCreated={(category) => {
          setAddingCategory(false);
          selectCategory(category.id);
        }}
      />
    </div>
  );
}
