import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** "12.4 MB": a file's size in the units people read on their disk (1 MB = 1,000,000 bytes). */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}

/** "52,310": a count of rows, grouped for reading. */
export function formatCount(count: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(count);
}

/** One card of the backup page: an icon, a heading, a line of help and its content. */
export function BackupSection({
  title,
  icon: Icon,
  description,
  children,
  className,
}: {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={clsx('min-w-0 p-5 sm:p-6', className)}>
      <section aria-label={title} className="flex flex-col gap-5">
        <header>
          <div className="flex items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h2 className="min-w-0 text-lg font-semibold tracking-tight text-neutral-950">{title}</h2>
          </div>
          {/* Under the title on a wide card; the whole width on a phone, where the icon's column would squeeze it. */}
          {description && <div className="mt-2 text-sm text-neutral-600 sm:mt-0 sm:pl-13">{description}</div>}
        </header>
        {children}
      </section>
    </Card>
  );
}

/**
 * A bar for work in progress: with `percent` it fills to that; without, it only shows that something
 * is happening (a download whose length is not known, the server checking a file).
 */
export function ProgressBar({ label, percent }: { label: string; percent?: number }) {
  const known = percent !== undefined;
  const value = known ? Math.max(0, Math.min(100, Math.round(percent))) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
    >
      <div
        className={clsx(
          'h-full rounded-full',
          known ? 'bg-neutral-900 transition-[width] duration-200' : 'w-full animate-pulse bg-neutral-500',
        )}
        style={known ? { width: `${value}%` } : undefined}
      />
    </div>
  );
}

/** A refusal or failure said in words, on the card it concerns. */
export function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {children}
    </p>
  );
}
