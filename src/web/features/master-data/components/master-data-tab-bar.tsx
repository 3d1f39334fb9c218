import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { masterDataTabPath } from '../../../lib/paths';
import { MASTER_DATA_TABS, type MasterDataTab } from './master-data-tabs';

/**
 * The tabs as links (each tab has its own address), in a bar that scrolls sideways on a phone and keeps
 * the current tab in view.
 */
export function MasterDataTabBar({ current }: { current: MasterDataTab }) {
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const bar = barRef.current;
    const active = bar?.querySelector<HTMLElement>(`[data-tab="${current}"]`);
    if (!bar || !active) return;
    const left = active.offsetLeft - (bar.clientWidth - active.offsetWidth) / 2;
    bar.scrollTo({ left: Math.max(0, left) });
  }, [current]);

  return (
    <nav aria-label="Master data" className="-mx-4 border-b border-neutral-200 sm:-mx-6 lg:mx-0">
      <div
        ref={barRef}
        className="relative flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-6 lg:px-0"
      >
        {MASTER_DATA_TABS.map((tab) => {
          const selected = tab.slug === current;
          return (
            <Link
              key={tab.slug}
              to={masterDataTabPath(tab.slug)}
              data-tab={tab.slug}
              aria-current={selected ? 'page' : undefined}
              className={clsx(
                '-mb-px shrink-0 border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-950',
                selected
                  ? 'border-neutral-950 text-neutral-950'
                  : 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-950',
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
