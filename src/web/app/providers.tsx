import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { useSyncClaimsOnAuthChange } from '../features/auth';
import { RenderTimeContext } from '../lib/render-time';
import { createQueryClient } from './query-client';

function AuthStateEffects() {
  useSyncClaimsOnAuthChange();
  return null;
}

/**
 * Server state (TanStack Query) and toasts. Toasts sit top right (on phones below the
 * top bar, `.app-toaster` in styles.css, so they never cover its menu button); success lasts 3 s
 * in the shell; react-hot-toast's own defaults give the rest (blank, error and custom 4 s, loading
 * until dismissed, at most 20 at once: its TOAST_LIMIT).
 */
export function AppProviders({
  children,
  client,
  renderedAt = null,
}: {
  children: ReactNode;
  client?: QueryClient;
  /** When the server rendered the page being hydrated (ms); null when the browser renders it. */
  renderedAt?: number | null;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <RenderTimeContext.Provider value={renderedAt}>
      <QueryClientProvider client={queryClient}>
        <AuthStateEffects />
        {children}
        <Toaster
          position="top-right"
          containerClassName="app-toaster"
          toastOptions={{ success: { duration: 3000 } }}
        />
      </QueryClientProvider>
    </RenderTimeContext.Provider>
  );
}
