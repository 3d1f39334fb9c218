import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** Last resort when a page throws or its code cannot be loaded (e.g. after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);

  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <title>Something went wrong | Brigade</title>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950">Something went wrong</h1>
        <p className="mt-3 text-neutral-600">
          This page could not be shown. Reloading usually helps; if it keeps happening, tell the person who
          runs this system.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </main>
  );
}
