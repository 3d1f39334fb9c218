import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

interface AccountSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One card of the account page: a heading, a line of help and its content. */
export function AccountSection({ title, description, children }: AccountSectionProps) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-label={title} className="flex flex-col gap-5">
        <header>
          <h2 className="text-lg font-semibold tracking-tight text-neutral-950">{title}</h2>
          {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
        </header>
        {children}
      </section>
    </Card>
  );
}

/** A small pill: verified (green) or not (amber). */
export function StatusBadge({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span
      className={
        ok
          ? 'inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200'
          : 'inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200'
      }
    >
      {children}
    </span>
  );
}
