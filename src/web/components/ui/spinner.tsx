import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

interface SpinnerProps {
  className?: string;
}

/** A decorative spinning icon; wrap it in something with a status role when it is the only news. */
export function Spinner({ className }: SpinnerProps) {
  return <LoaderCircle aria-hidden="true" className={clsx('animate-spin', className ?? 'size-4')} />;
}

/** While the session is loading on a route that needs it, a full-screen spinner shows. */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="fixed inset-0 z-50 flex items-center justify-center bg-neutral-50"
    >
      <Spinner className="size-8 text-neutral-900" />
    </div>
  );
}
