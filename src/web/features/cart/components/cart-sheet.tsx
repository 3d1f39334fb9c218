import { ShoppingBag, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PublicMenu } from '../../../../shared/contracts/menu';
import { formatMoney } from '../../../../shared/money';
import { Button, ButtonLink } from '../../../components/ui/button';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { loginPathFor, paths, withCallbackUrl } from '../../../lib/paths';
import { useSession } from '../../auth';
import { cartTotal, type MoneyFormat, optionSummary } from '../cart-format';
import { type CartLine, removeLine, setLineQuantity, useCart } from '../cart-store';
import { checkoutReturnPath } from '../checkout-link';
import { orderingStatus } from '../checkout-model';
import { useClock } from '../use-clock';
import { CheckoutHeading, Loading, OrderingNotice } from './checkout-parts';
import { Sheet, SheetFooter } from './sheet';

// Placing an order needs the order contracts (and zod): loaded only when a signed-in guest checks out.
const CheckoutForm = lazy(() =>
  import('./checkout-form').then((module) => ({ default: module.CheckoutForm })),
);

export type CartStep = 'cart' | 'checkout';

interface CartSheetProps {
  menu: PublicMenu;
  /** The table of the guest's QR link, if any. */
  table: string | null;
  step: CartStep;
  onStep: (step: CartStep) => void;
  onClose: () => void;
}

/**
 * The guest's cart on `/`: the lines with their choices, notes and quantities, the subtotal
 * and, before checkout, what stops or limits ordering now (online ordering off, closed, or closed with
 * a takeaway to order ahead). Checkout is its second step: sign-in first, then the order form.
 */
export function CartSheet({ menu, table, step, onStep, onClose }: CartSheetProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const cart = useCart();
  const now = useClock();
  const { notice, blocked } = orderingStatus(menu.restaurant, now);
  const money: MoneyFormat = { currency: menu.restaurant.currency, locale: menu.restaurant.locale };
  const session = useSession();
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);

  if (step === 'checkout') {
    return (
      <Sheet onClose={onClose} labelledBy={titleId} busy={busy}>
        {session.isPending ? (
          <Loading label="Checking your account" />
        ) : session.user ? (
          <Suspense fallback={<Loading label="Loading checkout" />}>
            <CheckoutForm
              titleId={titleId}
              menu={menu}
              table={table}
              onBack={() => onStep('cart')}
              onClose={onClose}
              onBusyChange={setBusy}
            />
          </Suspense>
        ) : (
          <SignInToOrder titleId={titleId} table={table} onBack={() => onStep('cart')} />
        )}
      </Sheet>
    );
  }

  const empty = cart.lines.length === 0;
  return (
    <Sheet onClose={onClose} labelledBy={titleId}>
      <div className="flex flex-col gap-4 px-5 pt-6 pb-4 sm:px-6">
        <h2 id={titleId} className="pr-10 text-2xl font-semibold tracking-tight text-neutral-950">
          Your cart
        </h2>
        {notice && <OrderingNotice>{notice}</OrderingNotice>}
        {empty ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-600">
              <ShoppingBag aria-hidden="true" className="size-5" />
            </span>
            <p className="font-medium text-neutral-900">Your cart is empty</p>
            <p className="text-sm text-neutral-600">Tap a dish on the menu to add it.</p>
            <Button variant="secondary" onClick={onClose} className="mt-2">
              Browse the menu
            </Button>
          </div>
        ) : (
          <ul aria-label="Items in your cart" className="-my-1 divide-y divide-neutral-200">
            {cart.lines.map((line) => (
              <CartLineRow key={line.key} line={line} format={format} />
            ))}
          </ul>
        )}
      </div>
      {!empty && (
        <SheetFooter>
          <div className="mb-3 flex items-baseline justify-between gap-4">
            <span className="text-neutral-700">Subtotal</span>
            <span className="text-lg font-semibold text-neutral-950 tabular-nums">
              {format(cartTotal(cart))}
            </span>
          </div>
          <Button size="lg" fullWidth disabled={blocked} onClick={() => onStep('checkout')}>
            Checkout
          </Button>
        </SheetFooter>
      )}
    </Sheet>
  );
}

/** What a line is, for names that must tell two lines of one dish apart ("Latte (Large, Oat milk)"). */
function lineLabel(line: CartLine): string {
  return line.options.length > 0 ? `${line.name} (${optionSummary(line.options)})` : line.name;
}

function CartLineRow({ line, format }: { line: CartLine; format: (minor: number) => string }) {
  const label = lineLabel(line);
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-medium text-pretty text-neutral-950">{line.name}</p>
          {line.options.length > 0 && (
            <p className="text-sm text-pretty text-neutral-600">{optionSummary(line.options)}</p>
          )}
          {line.note && <p className="mt-0.5 text-sm break-words text-neutral-600 italic">“{line.note}”</p>}
        </div>
        <p className="shrink-0 font-medium text-neutral-950 tabular-nums">
          {format(line.unitPrice * line.quantity)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4">
        <QuantityStepper
          value={line.quantity}
          onChange={(quantity) => setLineQuantity(line.key, quantity)}
          name={label}
          look="round"
        />
        <Button variant="ghost" onClick={() => removeLine(line.key)} aria-label={`Remove ${label}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          <span aria-hidden="true">Remove</span>
        </Button>
      </div>
    </li>
  );
}

/** Checkout for a guest who is not signed in: sign in or sign up, and come back to checkout. */
function SignInToOrder({
  titleId,
  table,
  onBack,
}: {
  titleId: string;
  table: string | null;
  onBack: () => void;
}) {
  const location = useLocation();
  const back = checkoutReturnPath(location.pathname, location.search, table);
  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-8 sm:px-6">
      <CheckoutHeading titleId={titleId} onBack={onBack} />
      <div className="flex flex-col gap-4 rounded-2xl bg-neutral-50 p-5 ring-1 ring-neutral-200">
        <p className="text-pretty text-neutral-700">
          Sign in so we know who the order is for and can tell you when it is ready. Your cart stays in this
          browser while you do.
        </p>
        <ButtonLink to={loginPathFor(back)} size="lg" fullWidth>
          Sign in to order
        </ButtonLink>
        <p className="text-center text-sm text-neutral-700">
          New here?{' '}
          <Link
            to={withCallbackUrl(paths.signUp, back)}
            className="rounded-sm font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            Create an account
          </Link>
        </p>
      </div>
    </div>
  );
}
