import { clsx } from 'clsx';
import type { BudgetState } from '../../../../shared/contracts/expenses';

/** What a line's figures say about it, in words (the colour only repeats them). */
export type BudgetStanding = BudgetState | 'none';

/** `none`: nothing allocated and nothing spent; otherwise the server's state. */
export function standingOf(line: { allocated: number; spent: number; state: BudgetState }): BudgetStanding {
  return line.allocated === 0 && line.spent === 0 ? 'none' : line.state;
}

export const STANDING_LABELS: Record<BudgetStanding, string> = {
  none: 'No budget',
  ok: 'On track',
  warning: 'Warning',
  over: 'Over',
};

const BADGE_TONES: Record<BudgetStanding, string> = {
  none: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  over: 'bg-red-50 text-red-800 ring-red-200',
};

const BAR_TONES: Record<BudgetStanding, string> = {
  none: 'bg-neutral-300',
  ok: 'bg-emerald-600',
  warning: 'bg-amber-500',
  over: 'bg-red-600',
};

/** A cell's tint in the six months' table. */
export const CELL_TONES: Record<BudgetStanding, string> = {
  none: 'text-neutral-400',
  ok: 'bg-emerald-50/70 text-neutral-900',
  warning: 'bg-amber-50 text-amber-950',
  over: 'bg-red-50 text-red-900',
};

/** "On track", "Warning" (80 % used or more), "Over" (100 % or more) or "No budget". */
export function BudgetStateBadge({ standing, className }: { standing: BudgetStanding; className?: string }) {
  return (
    <span
      data-testid="budget-state"
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        BADGE_TONES[standing],
        className,
      )}
    >
      {STANDING_LABELS[standing]}
    </span>
  );
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** `85.5` → "85.5%" in the restaurant's locale; null (no allocation) → "–". */
export function formatPercent(percent: number | null, locale: string): string {
  if (percent === null) return '–';
  let format = percentFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
    }
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

/**
 * The share of the allocation used: a bar (full when over, or when something was spent without an
 * allocation), its percent and the state in words.
 */
export function UsageBar({
  percent,
  standing,
  locale,
}: {
  percent: number | null;
  standing: BudgetStanding;
  locale: string;
}) {
  const filled = percent === null ? (standing === 'over' ? 100 : 0) : Math.min(100, Math.max(0, percent));
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-neutral-900 tabular-nums" data-testid="budget-percent">
          {formatPercent(percent, locale)}
        </span>
        <BudgetStateBadge standing={standing} />
      </div>
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-neutral-100">
        <div className={clsx('h-full rounded-full', BAR_TONES[standing])} style={{ width: `${filled}%` }} />
      </div>
    </div>
  );
}
