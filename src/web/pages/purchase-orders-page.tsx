import { clsx } from 'clsx';
import { Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from '../../shared/contracts/purchase-orders';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { useConfig } from '../features/config';
import {
  NewPurchaseOrderDialog,
  PurchaseOrderList,
  SuggestPurchaseOrderDialog,
  useOrderChoices,
} from '../features/purchase-orders';

function isStatus(value: string | null): value is PurchaseOrderStatus {
  return PURCHASE_ORDER_STATUSES.includes(value as PurchaseOrderStatus);
}

/**
 * `/purchase-orders` (admin; docs/PRODUCT-RULES.md, Purchase orders): every purchase order, newest first,
 * by status; write a new one, or let Brigade suggest one for a supplier from what is running low.
 */
export function PurchaseOrdersPage() {
  const config = useConfig();
  const choices = useOrderChoices();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isStatus(requested) ? requested : null;
  const [dialog, setDialog] = useState<'new' | 'suggest' | null>(null);

  function chooseStatus(next: PurchaseOrderStatus | null) {
    const params = new URLSearchParams(searchParams);
    if (next) params.set('status', next);
    else params.delete('status');
    setSearchParams(params, { replace: true });
  }

  const tabs: { status: PurchaseOrderStatus | null; label: string }[] = [
    { status: null, label: 'All' },
    ...PURCHASE_ORDER_STATUSES.map((value) => ({
      status: value,
      label: PURCHASE_ORDER_STATUS_LABELS[value],
    })),
  ];
  const ready = Boolean(config.data && choices.data);

  return (
    <div className="w-full max-w-5xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Purchase orders" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            Purchase orders
          </h1>
          <p className="mt-1 text-neutral-600">What you order from suppliers, and what has arrived.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('suggest')} disabled={!ready}>
            <Sparkles aria-hidden="true" className="size-4" />
            Suggest an order
          </Button>
          <Button onClick={() => setDialog('new')} disabled={!ready}>
            <Plus aria-hidden="true" className="size-4" />
            New purchase order
          </Button>
        </div>
      </div>

      <fieldset className="-mx-4 mt-8 min-w-0 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <legend className="sr-only">Show</legend>
        <div className="inline-flex rounded-lg bg-neutral-100 p-1">
          {tabs.map((tab) => (
            <button
              key={tab.label}
              type="button"
              aria-pressed={status === tab.status}
              onClick={() => chooseStatus(tab.status)}
              className={clsx(
                'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                status === tab.status
                  ? 'bg-white text-neutral-950 shadow-sm'
                  : 'text-neutral-600 hover:text-neutral-950',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="mt-6">
        <PurchaseOrderList filter={{ status }} locale={config.data?.locale ?? 'en-US'} />
      </div>

      {dialog === 'new' && config.data && choices.data && (
        <NewPurchaseOrderDialog
          choices={choices.data}
          currency={config.data.currency}
          locale={config.data.locale}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'suggest' && choices.data && (
        <SuggestPurchaseOrderDialog choices={choices.data} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
