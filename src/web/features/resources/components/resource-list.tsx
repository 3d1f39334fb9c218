export { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';

import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import type { ResourceColumn, ResourceContext, ResourceItem } from './resource-definition';

export interface ResourceListProps<Item extends ResourceItem> {
  items: readonly Item[];
  columns: readonly ResourceColumn<Item>[];
  context: ResourceContext;
  /** Names the table and the list of cards for screen readers ("Suppliers"). */
  label: string;
  /** The buttons of one record (Edit, Archive...), the last column of the table and the foot of a card. */
  renderActions: (item: Item) => ReactNode;
}

/** "Archived" beside the name of an inactive record. */
export function ArchivedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700 ring-1 ring-neutral-200 ring-inset">
      Archived
    </span>
  );
}

function primaryColumnOf<Item>(columns: readonly ResourceColumn<Item>[]) {
  return columns.find((column) => column.mobile === 'primary') ?? columns[0];
}

/** Records as a table on wide screens and as stacked cards on phones, from the same columns. */
export function ResourceList<Item extends ResourceItem>({
  items,
  columns,
  context,
  label,
  renderActions,
}: ResourceListProps<Item>) {
  const primary = primaryColumnOf(columns);
  const details = columns.filter((column) => column !== primary && column.mobile !== 'hidden');
  return (
    <>
      <Card className="hidden overflow-hidden lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={clsx('px-4 py-3 whitespace-nowrap', column.align === 'end' && 'text-right')}
                >
                  {column.header}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {items.map((item) => (
              <tr key={item.id} className={clsx(!item.active && 'bg-neutral-50')}>
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={clsx(
                      'px-4 py-3 align-middle text-neutral-700',
                      column.align === 'end' && 'text-right tabular-nums',
                      column === primary && 'max-w-80',
                    )}
                  >
                    {column === primary ? (
                      <div className="flex flex-wrap items-center gap-2">
                        {column.cell(item, context)}
                        {!item.active && <ArchivedBadge />}
                      </div>
                    ) : (
                      column.cell(item, context)
                    )}
                  </td>
                ))}
                <td className="px-4 py-3">{renderActions(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul aria-label={label} className="flex flex-col gap-3 lg:hidden">
        {items.map((item) => (
          <li key={item.id}>
            <Card className={clsx('flex flex-col gap-3 p-4', !item.active && 'bg-neutral-50')}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 text-neutral-950">{primary?.cell(item, context)}</div>
                {!item.active && <ArchivedBadge />}
              </div>
              {details.length > 0 && (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                  {details.map((column) => (
                    <div key={column.id} className="contents">
                      <dt className="text-neutral-500">{column.header}</dt>
                      <dd className="min-w-0 text-neutral-800 break-words">{column.cell(item, context)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {renderActions(item)}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
