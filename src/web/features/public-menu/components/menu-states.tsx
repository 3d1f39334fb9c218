import { RotateCw, SearchX, UtensilsCrossed } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-700">
        {icon}
      </span>
      <h2 className="text-lg font-semibold text-balance text-neutral-950">{title}</h2>
      {children}
    </Card>
  );
}

/** The restaurant has not put anything online yet. */
export function EmptyMenu() {
  return (
    <StateCard
      icon={<UtensilsCrossed aria-hidden="true" className="size-5" />}
      title="Our menu is on its way"
    >
      <p className="text-pretty text-neutral-600">
        We are preparing our online menu. Please check back soon, or ask our team when you visit.
      </p>
    </StateCard>
  );
}

interface NoMatchesProps {
  search: string;
  tagLabels: readonly string[];
  onClear: () => void;
}

/** Nothing matches the search and the dietary filters. */
export function NoMatches({ search, tagLabels, onClear }: NoMatchesProps) {
  const term = search.trim();
  const title = term ? `No dishes match “${term}”` : 'No dishes match the selected filters';
  return (
    <StateCard icon={<SearchX aria-hidden="true" className="size-5" />} title={title}>
      <p className="text-pretty text-neutral-600">
        {tagLabels.length > 0
          ? `Filtered by ${tagLabels.join(', ')}. Try another word or fewer filters.`
          : 'Try another word, or browse the whole menu.'}
      </p>
      <Button variant="secondary" onClick={onClear} className="mt-2">
        Clear filters
      </Button>
    </StateCard>
  );
}

/** The menu could not be loaded. */
export function MenuLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <StateCard icon={<RotateCw aria-hidden="true" className="size-5" />} title="We could not load the menu">
      <p className="text-pretty text-neutral-600">Check your connection and try again.</p>
      <Button variant="secondary" onClick={onRetry} isLoading={isRetrying} className="mt-2">
        {isRetrying ? 'Trying again...' : 'Try again'}
      </Button>
    </StateCard>
  );
}

/** Grey shapes where the menu will be, so nothing jumps when it arrives. */
export function MenuSkeleton() {
  return (
    <div role="status" aria-label="Loading the menu" className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
      <div className="mb-6 h-11 w-full animate-pulse rounded-lg bg-neutral-200 lg:w-80" />
      <div className="mb-4 h-6 w-40 animate-pulse rounded bg-neutral-200" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="flex gap-4 rounded-2xl border border-neutral-200 bg-white p-4">
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-5 w-2/3 animate-pulse rounded bg-neutral-200" />
              <div className="h-4 w-16 animate-pulse rounded bg-neutral-200" />
              <div className="h-4 w-full animate-pulse rounded bg-neutral-100" />
              <div className="h-4 w-4/5 animate-pulse rounded bg-neutral-100" />
            </div>
            <div className="size-24 shrink-0 animate-pulse rounded-xl bg-neutral-200 sm:size-32" />
          </div>
        ))}
      </div>
    </div>
  );
}
