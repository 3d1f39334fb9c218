import { clsx } from 'clsx';
import { ClipboardList, Download, FileUp, Plus, TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INVENTORY_API } from '../../shared/contracts/inventory';
import { formatMoney } from '../../shared/money';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { SearchBox } from '../components/ui/search-box';
import { SelectField } from '../components/ui/select-field';
import { Switch } from '../components/ui/switch-field';
import { useConfig } from '../features/config';
import {
  filterParams,
  GroupFilter,
  groupParam,
  ImportDialog,
  type InventoryFilter,
  ItemFormDialog,
  ItemList,
  useInventorySummary,
  useItemChoices,
} from '../features/inventory';
import { paths } from '../lib/paths';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** One figure at the top of the page; a problem shows in red. */
function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <div
      className={clsx(
        'rounded-xl border bg-white p-4 shadow-sm',
        alert ? 'border-red-200 bg-red-50' : 'border-neutral-200',
      )}
    >
      <dt className={clsx('text-sm', alert ? 'text-red-800' : 'text-neutral-600')}>{label}</dt>
      <dd
        className={clsx(
          'mt-1 text-2xl font-semibold tabular-nums',
          alert ? 'text-red-800' : 'text-neutral-950',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * `/inventory` (admin; docs/PRODUCT-RULES.md, Inventory): what is on the shelves and what it is worth,
 * what is low and what is below zero; every item filtered by group, supplier, low stock and search;
 * add and change items, import them from a CSV file, export the list.
 */
export function InventoryPage() {
  const config = useConfig();
  const summary = useInventorySummary();
  const choices = useItemChoices();
  // The filters live in the URL: a reload or a shared link opens the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedGroup = searchParams.get('group');
  const [searchInput, setSearchInput] = useState(searchParams.get('search') ?? '');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);

  const filter: InventoryFilter = {
    group: groupParam(requestedGroup),
    supplierId: searchParams.get('supplier'),
    lowStock: searchParams.get('low') === '1',
    archived: searchParams.get('archived') === '1',
    search,
  };

  function setParam(name: string, value: string | null) {
    const params = new URLSearchParams(searchParams);
    if (value) params.set(name, value);
    else params.delete(name);
    setSearchParams(params, { replace: true });
  }

  const money = config.data ? { currency: config.data.currency, locale: config.data.locale } : null;
  const figures = summary.data;
  const exportUrl = `${INVENTORY_API.itemsExport}?${filterParams(filter)}`;

  return (
    <div className="w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Inventory" />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Inventory</h1>
          <p className="mt-1 text-neutral-600">
            What is on the shelves, what it is worth, and what is running low.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={paths.stockCounts}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 shadow-sm hover:bg-neutral-50"
          >
            <ClipboardList aria-hidden="true" className="size-4" />
            Stock counts
          </Link>
          <Link
            to={paths.inventoryUsage}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 shadow-sm hover:bg-neutral-50"
          >
            <TrendingDown aria-hidden="true" className="size-4" />
            Where stock went
          </Link>
          <a
            href={exportUrl}
            download
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 shadow-sm hover:bg-neutral-50"
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
          <Button variant="secondary" onClick={() => setDialog('import')}>
            <FileUp aria-hidden="true" className="size-4" />
            Import CSV
          </Button>
          <Button onClick={() => setDialog('add')} disabled={!choices.data}>
            <Plus aria-hidden="true" className="size-4" />
            Add item
          </Button>
        </div>
      </div>

      <dl className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Stock at a glance">
        <Figure label="Items" value={figures ? String(figures.items) : '…'} />
        <Figure
          label="Stock value"
          value={
            figures ? formatMoney(figures.stockValue, figures.currency, config.data?.locale ?? 'en-US') : '…'
          }
        />
        <Figure
          label="Low stock"
          value={figures ? String(figures.lowStock) : '…'}
          alert={(figures?.lowStock ?? 0) > 0}
        />
        <Figure
          label="Below zero"
          value={figures ? String(figures.belowZero) : '…'}
          alert={(figures?.belowZero ?? 0) > 0}
        />
      </dl>

      <div className="mt-8 grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-end">
        <SearchBox
          label="Search items"
          placeholder="Name or SKU"
          value={searchInput}
          onChange={(value) => {
            setSearchInput(value);
            setParam('search', value.trim() || null);
          }}
        />
        <GroupFilter value={filter.group} onChange={(group) => setParam('group', group)} />
        <SelectField
          label="Supplier"
          value={filter.supplierId ?? ''}
          onChange={(event) => setParam('supplier', event.target.value || null)}
        >
          <option value="">All suppliers</option>
          {choices.data?.suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Switch
          label="Low stock only"
          checked={filter.lowStock}
          onChange={(checked) => setParam('low', checked ? '1' : null)}
        />
        <Switch
          label="Archived items"
          checked={filter.archived}
          onChange={(checked) => setParam('archived', checked ? '1' : null)}
        />
      </div>

      <div className="mt-6">
        {money ? <ItemList filter={filter} money={money} onAdd={() => setDialog('add')} /> : null}
      </div>

      {dialog === 'add' && choices.data && (
        <ItemFormDialog item={null} choices={choices.data} onClose={() => setDialog(null)} />
      )}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
