import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** Pieces the cart and checkout steps share. */

/** "Online ordering is not available right now." / "We are closed now. …": plain and early. */
export function OrderingNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
    >
      {children}
    </p>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex min-h-60 items-center justify-center">
      <Spinner className="size-6 text-neutral-700" />
    </div>
  );
}

/** The top of checkout: back to the cart, and the heading. */
export function CheckoutHeading({ titleId, onBack }: { titleId: string; onBack: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2 pr-10">
      <button
        type="button"
        onClick={onBack}
        className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-neutral-700 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to cart
      </button>
      <h2 id={titleId} className="text-2xl font-semibold tracking-tight text-neutral-950">
        Checkout
      </h2>
    </div>
  );
}
