import { Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { INVENTORY_GROUP_LABELS, type InventoryItem } from '../../shared/contracts/inventory';
import { formatMoney } from '../../shared/money';
import { shortQuantity } from '../../shared/quantity';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig, useRestaurantDateTime } from '../features/config';
import {
  ItemFormDialog,
  MovementForm,
  MovementList,
  OnHand,
  useInventoryItem,
  useItemChoices,
} from '../features/inventory';
import { paths } from '../lib/paths';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-neutral-950">{children}</dd>
    </div>
  );
}

function Facts({
  item,
  money,
  purchaseUnit,
}: {
  item: InventoryItem;
  money: { currency: string; locale: string };
  /** The purchase unit's symbol. */
  purchaseUnit: string | null;
}) {
  const cost = (minor: number) => formatMoney(minor, money.currency, money.locale);
  const level = (text: string | null) => (text === null ? '—' : `${shortQuantity(text)} ${item.unitSymbol}`);
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-4">
      <Fact label="On hand">
        <OnHand item={item} />
      </Fact>
      <Fact label="Average cost">
        {cost(item.averageCost)}/{item.unitSymbol}
      </Fact>
      <Fact label="Stock value">{cost(item.stockValue)}</Fact>
      <Fact label="Group">{INVENTORY_GROUP_LABELS[item.group]}</Fact>
      <Fact label="Reorder level">{level(item.reorderLevel)}</Fact>
      <Fact label="Par level">{level(item.parLevel)}</Fact>
      <Fact label="Bought in">
        {item.purchaseFactor
          ? `${purchaseUnit ?? 'packs'} of ${shortQuantity(item.purchaseFactor)} ${item.unitSymbol}`
          : item.unitSymbol}
      </Fact>
      <Fact label="Preferred supplier">{item.preferredSupplierName ?? '—'}</Fact>
      <Fact label="SKU">{item.sku ?? '—'}</Fact>
      <Fact label="Storage area">{item.storageArea ?? '—'}</Fact>
    </dl>
  );
}

/**
 * `/inventory/:itemId` (admin; docs/PRODUCT-RULES.md, Inventory): one item's stock, cost and levels,
 * waste and adjustments recorded from here, and every movement that made its stock, newest first.
 */
export function InventoryItemPage() {
  const { itemId = '' } = useParams();
  const config = useConfig();
  const dateTime = useRestaurantDateTime();
  const query = useInventoryItem(itemId);
  const choices = useItemChoices();
  const [editing, setEditing] = useState(false);
  const item = query.data;
  const money = config.data ? { currency: config.data.currency, locale: config.data.locale } : null;

  return (
    <div className="w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <DocumentTitle title={item?.name ?? 'Inventory item'} />
      <p className="text-sm">
        <Link to={paths.inventory} className="text-neutral-600 underline-offset-2 hover:underline">
          Inventory
        </Link>
      </p>
      {query.isError ? (
        <div className="mt-4">
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : !item || !money ? (
        <ListLoading>Loading the item...</ListLoading>
      ) : (
        <>
          <div className="mt-1 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
                {item.name}
              </h1>
              {!item.active && (
                <p className="mt-1 inline-block rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-medium text-neutral-800">
                  Archived
                </p>
              )}
            </div>
            <Button variant="secondary" onClick={() => setEditing(true)} disabled={!choices.data}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit item
            </Button>
          </div>
          <div className="mt-5">
            <Facts
              item={item}
              money={money}
              purchaseUnit={
                choices.data?.units.find((unit) => unit.id === item.purchaseUnitId)?.symbol ?? null
              }
            />
          </div>
          <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-labelledby="record-stock">
              <h2 id="record-stock" className="mb-3 text-lg font-semibold text-neutral-950">
                Record waste or an adjustment
              </h2>
              <div className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
                <MovementForm key={item.id} item={item} units={choices.data?.units ?? []} />
              </div>
            </section>
            <section aria-labelledby="movements">
              <h2 id="movements" className="mb-3 text-lg font-semibold text-neutral-950">
                Movements
              </h2>
              <MovementList item={item} money={money} dateTime={dateTime} />
            </section>
          </div>
          {editing && choices.data && (
            <ItemFormDialog item={item} choices={choices.data} onClose={() => setEditing(false)} />
          )}
        </>
      )}
    </div>
  );
}
