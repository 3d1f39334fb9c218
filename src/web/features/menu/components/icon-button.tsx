import { clsx } from 'clsx';
import type { ComponentProps, ComponentType } from 'react';

interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The accessible name ("Move Latte up"); also shown as the tooltip. */
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  size?: 'sm' | 'md';
}

/** A square button with only an icon, named for screen readers and big enough for a finger. */
export function IconButton({
  label,
  icon: Icon,
  size = 'md',
  className,
  type = 'button',
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-lg text-neutral-600 transition-colors',
        'hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950',
        'disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent',
        size === 'md' ? 'size-10' : 'size-8',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
