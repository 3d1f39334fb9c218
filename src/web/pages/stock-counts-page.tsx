import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { INVENTORY_GROUPS, type InventoryGroup } from '../../shared/contracts/inventory';
import { Button } from '../components/ui/button';
import { ChoiceChips } from '../components/ui/choice-chips';
import { DocumentTitle } from '../components/ui/document-title';
import { ListLoading } from '../components/ui/list-states';
import { TextField } from '../components/ui/text-field';
import { useConfig, useRestaurantDateTime } from '../features/config';
import { CountList, GROUP_LABELS, useOpenStockCount } from '../features/stock-counts';
import { errorMessage } from '../lib/api-client';
import { paths, stockCountPath } from '../lib/paths';

const SCOPES = ['all', ...INVENTORY_GROUPS] as const;
type Scope = (typeof SCOPES)[number];
const SCOPE_LABELS: Record<Scope, string> = { all: 'All items', ...GROUP_LABELS };

/**
 * `/inventory/counts` (admin; docs/PRODUCT-RULES.md, Inventory, Stock counts): start a count of every
 * item or one group, continue an open one, and see finished counts with the money they moved.
 */
export function StockCountsPage() {
  const config = useConfig();
  const dateTime = useRestaurantDateTime();
  const navigate = useNavigate();
  const openCount = useOpenStockCount();
  const [scope, setScope] = useState<Scope>('all');
  const [note, setNote] = useState('');

  function start() {
    openCount.mutate(
      { group: scope === 'all' ? null : (scope as InventoryGroup), note },
      {
        onSuccess: (count) => void navigate(stockCountPath(count.id)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <div className="w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <DocumentTitle title="Stock counts" />
      <p className="text-sm">
        <Link to={paths.inventory} className="text-neutral-600 underline-offset-2 hover:underline">
          Inventory
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
        Stock counts
      </h1>
      <p className="mt-1 text-neutral-600">
        Count what is on the shelves; finishing sets the stock to what was counted.
      </p>

      <section
        className="mt-6 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm"
        aria-labelledby="start-count"
      >
        <h2 id="start-count" className="flex items-center gap-2 text-lg font-semibold text-neutral-950">
          <ClipboardList aria-hidden="true" className="size-5" />
          Start a count
        </h2>
        {/* One choice: the chip tapped becomes the scope; tapping the chosen one keeps it. */}
        <ChoiceChips
          legend="What to count"
          options={SCOPES}
          labels={SCOPE_LABELS}
          value={[scope]}
          onChange={(next) => {
            const added = next.find((option) => option !== scope);
            if (added) setScope(added);
          }}
          className="mt-3"
        />
        <TextField
          label="Note (optional)"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          className="mt-3"
        />
        <Button size="lg" onClick={start} isLoading={openCount.isPending} className="mt-4 w-full sm:w-auto">
          {openCount.isPending ? 'Starting...' : 'Start count'}
        </Button>
      </section>

      <h2 className="mt-8 mb-3 text-lg font-semibold text-neutral-950">Counts</h2>
      {config.data ? (
        <CountList
          money={{ currency: config.data.currency, locale: config.data.locale }}
          dateTime={dateTime}
        />
      ) : (
        <ListLoading>Loading the counts...</ListLoading>
      )}
    </div>
  );
}
