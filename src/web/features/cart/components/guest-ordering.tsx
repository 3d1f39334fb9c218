import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import type { PublicMenu, PublicMenuItem } from '../../../../shared/contracts/menu';
import { formatMoney } from '../../../../shared/money';
import { Spinner } from '../../../components/ui/spinner';
import { cartTotal, itemCount } from '../cart-format';
import { cartCount, useCart } from '../cart-store';
import { CHECKOUT_FLAG } from '../checkout-link';
import type { CartStep } from './cart-sheet';

/**
 * Ordering on `/`, the part the page loads at first: the cart button and the handlers that
 * open a dish or the cart. The dish dialog, the cart and checkout are loaded when first opened, so the
 * guests' page stays light; nothing here reads the browser during render (the page is rendered on the
 * server: the cart's server snapshot is empty, so the button appears after hydration).
 */

const loadItemDialog = () => import('./item-dialog');
const ItemDialog = lazy(() => loadItemDialog().then((module) => ({ default: module.ItemDialog })));
const CartSheet = lazy(() => import('./cart-sheet').then((module) => ({ default: module.CartSheet })));

// The dish whose dialog is open, set by a tap on the menu (`openItemDialog`) and read by GuestOrdering.
let openItemId: string | null = null;
const itemListeners = new Set<() => void>();

function setOpenItem(id: string | null): void {
  openItemId = id;
  for (const listener of itemListeners) listener();
}

function subscribeToOpenItem(listener: () => void): () => void {
  itemListeners.add(listener);
  return () => itemListeners.delete(listener);
}

/** Opens a dish's dialog (the menu's cards call this). */
export function openItemDialog(item: PublicMenuItem): void {
  // Start the download with the tap, not a render later.
  void loadItemDialog();
  setOpenItem(item.id);
}

function findItem(menu: PublicMenu, id: string | null): PublicMenuItem | null {
  if (!id) return null;
  for (const category of menu.categories) {
    const item = category.items.find((candidate) => candidate.id === id);
    if (item) return item;
  }
  return null;
}

interface GuestOrderingProps {
  menu: PublicMenu;
  /** The table of the guest's QR link, if any. */
  table: string | null;
}

/**
 * The cart button (once the cart has something) and the dish and cart sheets. Mount it after the menu,
 * inside the page's column: the button sticks to the bottom of the screen while the menu scrolls and
 * takes its own room at the end, so it never covers the last dish.
 */
export function GuestOrdering({ menu, table }: GuestOrderingProps) {
  const cart = useCart();
  const itemId = useSyncExternalStore(
    subscribeToOpenItem,
    () => openItemId,
    () => null,
  );
  const [sheet, setSheet] = useState<CartStep | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsCheckout = searchParams.get(CHECKOUT_FLAG) === '1';

  // Back from signing in (`/?checkout=1`): checkout opens by itself, and the flag leaves the address so
  // that a reload or a shared link does not open it again.
  useEffect(() => {
    if (!wantsCheckout) return;
    setSheet('checkout');
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_FLAG);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wantsCheckout, setSearchParams]);

  // Leaving the page with a dish open: it is not open when the guest comes back.
  useEffect(() => () => setOpenItem(null), []);

  const item = findItem(menu, itemId);
  const count = cartCount(cart);
  const { currency, locale } = menu.restaurant;

  return (
    <>
      {count > 0 && (
        <div className="pointer-events-none sticky bottom-0 z-30 mt-auto pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <div className="mx-auto flex max-w-5xl justify-end px-4 sm:px-6">
            <button
              type="button"
              onClick={() => setSheet('cart')}
              className="pointer-events-auto flex h-14 w-full items-center gap-3 rounded-2xl bg-neutral-950 px-4 text-left text-white shadow-xl shadow-neutral-950/25 transition-colors hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 sm:w-auto sm:min-w-80"
            >
              <ShoppingBag aria-hidden="true" className="size-5 shrink-0" />
              <span className="flex-1 font-semibold">View cart</span>
              <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-sm font-medium tabular-nums">
                {itemCount(count)}
              </span>
              <span className="font-semibold tabular-nums">
                {formatMoney(cartTotal(cart), currency, locale)}
              </span>
            </button>
          </div>
        </div>
      )}
      <Suspense
        fallback={
          <div
            role="status"
            aria-label="Loading"
            className="fixed inset-0 z-50 flex items-center justify-center"
          >
            <span className="rounded-full bg-white p-3 shadow-lg">
              <Spinner className="size-6 text-neutral-800" />
            </span>
          </div>
        }
      >
        {item && <ItemDialog item={item} restaurant={menu.restaurant} onClose={() => setOpenItem(null)} />}
        {sheet && (
          <CartSheet
            menu={menu}
            table={table}
            step={sheet}
            onStep={setSheet}
            onClose={() => setSheet(null)}
          />
        )}
      </Suspense>
    </>
  );
}
