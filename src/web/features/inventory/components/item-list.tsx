import { clsx } from 'clsx';
import { Link } from 'react-router';
import { INVENTORY_GROUP_LABELS, type InventoryItem } from '../../../../shared/contracts/inventory';
import { formatMoney } from '../../../../shared/money';
import { shortQuantity } from '../../../../shared/quantity';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { inventoryItemPath } from '../../../lib/paths';
import { type InventoryFilter, useInventoryItems } from '../api/inventory-api';

interface Money {
  currency: string;
  locale: string;
}

/** "-2.5 kg" in red below zero (the books are behind), with "Low" beside it at or below the reorder level. */
export function OnHand({ item }: { item: InventoryItem }) {
  const negative = item.onHand.startsWith('-');
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className={clsx('tabular-nums', negative ? 'font-semibold text-red-700' : 'text-neutral-900')}>
        {shortQuantity(item.onHand)} {item.unitSymbol}
      </span>
      {item.lowStock && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Low</span>
      )}
    </span>
  );
}

/** The items of the filter, by name: a table on a wide screen, a list of cards on a phone. */
export function ItemList({
  filter,
  money,
  onAdd,
}: {
  filter: InventoryFilter;
  money: Money;
  onAdd: () => void;
}) {
  const query = useInventoryItems(filter);
  const items = query.items;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!items) return <ListLoading>Loading the items...</ListLoading>;
  if (items.length === 0) {
    const filtered =
      filter.group || filter.supplierId || filter.lowStock || filter.archived || filter.search.trim();
    return (
      <ListEmpty
        action={
          filtered ? undefined : (
            <button type="button" onClick={onAdd} className="font-medium text-neutral-950 underline">
              Add the first item
            </button>
          )
        }
      >
        {filtered ? 'No item matches these filters.' : 'No inventory items yet.'}
      </ListEmpty>
    );
  }
  const cost = (minor: number) => formatMoney(minor, money.currency, money.locale);

  return (
    <div className="flex flex-col gap-4">
      {/* Phone: one card per item. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Inventory items">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={inventoryItemPath(item.id)}
              className="flex items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm hover:border-neutral-300"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-neutral-950">{item.name}</span>
                <span className="block truncate text-sm text-neutral-600">
                  {INVENTORY_GROUP_LABELS[item.group]}
                  {item.preferredSupplierName ? ` · ${item.preferredSupplierName}` : ''}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-0.5 text-sm">
                <OnHand item={item} />
                <span className="text-neutral-600 tabular-nums">{cost(item.stockValue)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Inventory items</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Item
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Group
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                On hand
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Reorder at
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Average cost
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Value
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Supplier
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {items.map((item) => (
              <tr key={item.id} className="hover:bg-neutral-50">
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link
                    to={inventoryItemPath(item.id)}
                    className="font-medium text-neutral-950 underline-offset-2 hover:underline"
                  >
                    {item.name}
                  </Link>
                  {item.sku && <span className="block text-xs text-neutral-500">{item.sku}</span>}
                </th>
                <td className="px-4 py-3 text-neutral-700">{INVENTORY_GROUP_LABELS[item.group]}</td>
                <td className="px-4 py-3">
                  <OnHand item={item} />
                </td>
                <td className="px-4 py-3 text-right text-neutral-700 tabular-nums">
                  {item.reorderLevel === null
                    ? '—'
                    : `${shortQuantity(item.reorderLevel)} ${item.unitSymbol}`}
                </td>
                <td className="px-4 py-3 text-right text-neutral-700 tabular-nums">
                  {cost(item.averageCost)}/{item.unitSymbol}
                </td>
                <td className="px-4 py-3 text-right text-neutral-900 tabular-nums">
                  {cost(item.stockValue)}
                </td>
                <td className="px-4 py-3 text-neutral-700">{item.preferredSupplierName ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}
