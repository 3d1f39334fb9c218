import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Order } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { orderNumberLabel } from '../../../../shared/order-limits';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { addToCart, type CartChange, replaceCart, useCart } from '../../cart';
import { publicMenuQueryOptions } from '../../public-menu';
import { reorderLines, unavailableReason } from '../reorder';

interface ReorderResult {
  added: number;
  changes: CartChange[];
  money: (minor: number) => string;
}

/** The items with distinct keys, first of each, paired with their key. */
function uniqueBy<T>(items: T[], keyOf: (item: T) => string): [string, T][] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(keyOf(item))) seen.set(keyOf(item), item);
  return [...seen];
}

function ChangeLists({ changes, money }: { changes: CartChange[]; money: (minor: number) => string }) {
  // Two lines of one item say the same thing: each is said once.
  const gone = uniqueBy(
    changes.filter((change) => change.kind === 'unavailable'),
    (change) => `${change.name}\u0000${change.reason}`,
  );
  const repriced = uniqueBy(
    changes.filter((change) => change.kind === 'price'),
    (change) => `${change.name}\u0000${change.before}\u0000${change.after}`,
  );
  return (
    <>
      {gone.length > 0 && (
        <section aria-labelledby="reorder-gone" className="mt-4">
          <h3 id="reorder-gone" className="text-sm font-semibold text-neutral-950">
            No longer available
          </h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm text-neutral-700" data-testid="reorder-unavailable">
            {gone.map(([key, change]) => (
              <li key={key}>
                <span className="font-medium text-neutral-900">{change.name}</span>:{' '}
                {unavailableReason(change.reason)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {repriced.length > 0 && (
        <section aria-labelledby="reorder-prices" className="mt-4">
          <h3 id="reorder-prices" className="text-sm font-semibold text-neutral-950">
            New prices
          </h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm text-neutral-700" data-testid="reorder-prices">
            {repriced.map(([key, change]) => (
              <li key={key}>
                <span className="font-medium text-neutral-900">{change.name}</span>:{' '}
                <span className="tabular-nums">
                  <s className="text-neutral-500">{money(change.before)}</s> → {money(change.after)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * Reorder: puts the order's lines into the cart at today's prices (added to what the cart holds, or as
 * the whole cart when it is empty), then says what was added, what is no longer available and what
 * costs something else now, and offers the menu, where the cart is.
 */
export function ReorderButton({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const number = orderNumberLabel(order.number);

  async function reorder() {
    setBusy(true);
    try {
      // Today's menu, asked again (a 304 when unchanged): an item switched off a minute ago is left out.
      const menu = await queryClient.fetchQuery({ ...publicMenuQueryOptions(), staleTime: 0 });
      const { lines, changes } = reorderLines(order, menu);
      if (cart.lines.length === 0) replaceCart(lines);
      else for (const line of lines) addToCart(line);
      const { currency, locale } = menu.restaurant;
      setResult({
        added: lines.reduce((sum, line) => sum + line.quantity, 0),
        changes,
        money: (minor) => formatMoney(minor, currency, locale),
      });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const nothing = result?.added === 0;
  return (
    <>
      <Button variant="secondary" onClick={() => void reorder()} isLoading={busy}>
        {!busy && <RotateCcw aria-hidden="true" className="size-4" />}
        {busy ? 'Adding to cart...' : 'Reorder'}
      </Button>
      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
        title={nothing ? 'Nothing could be added' : 'Added to your cart'}
        description={
          nothing
            ? `None of the items of order ${number} can be ordered now.`
            : `${result?.added === 1 ? '1 item' : `${result?.added} items`} from order ${number} ${
                result?.added === 1 ? 'is' : 'are'
              } in your cart at today's prices.`
        }
      >
        {result && <ChangeLists changes={result.changes} money={result.money} />}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setResult(null)}>
            Close
          </Button>
          <ButtonLink to={paths.home} variant="primary">
            {nothing ? 'See the menu' : 'Go to the menu and cart'}
          </ButtonLink>
        </div>
      </Dialog>
    </>
  );
}
