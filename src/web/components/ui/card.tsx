import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** A white panel with a hairline border, the basic surface of every screen. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={clsx('rounded-2xl border border-neutral-200 bg-white shadow-sm', className)} {...props} />
  );
}
