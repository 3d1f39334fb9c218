import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Button } from './button';
import { Card } from './card';
import { Spinner } from './spinner';

/** The list is loading. */
export function ListLoading({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-neutral-600">
      <Spinner className="size-5" />
      {children}
    </div>
  );
}

/** The list could not be read: the server's message and "Try again". */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 p-6">
      <p className="text-neutral-800">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </Card>
  );
}

/** Nothing to show, and what to do about it. */
export function ListEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-4 p-8 text-center text-neutral-600">
      <p>{children}</p>
      {action}
    </Card>
  );
}

/** "Load more" under a list with further pages. */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <Button variant="secondary" className="self-center" onClick={onLoad} isLoading={loading}>
      {loading ? 'Loading...' : 'Load more'}
    </Button>
  );
}
