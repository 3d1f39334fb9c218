import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'md' | 'lg';

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-neutral-950 text-white shadow-sm hover:bg-neutral-800 disabled:bg-neutral-400',
  secondary:
    'border border-neutral-300 bg-white text-neutral-900 shadow-sm hover:bg-neutral-100 disabled:text-neutral-400',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 disabled:text-neutral-400',
  // Deleting, disabling, removing: red, so the one button that cannot be taken back stands apart.
  danger:
    'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700 disabled:bg-red-300',
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Class names shared by buttons and links that look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleOptions = {}) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
    'disabled:cursor-not-allowed',
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    fullWidth && 'w-full',
  );
}

interface ButtonProps extends ComponentProps<'button'>, ButtonStyleOptions {
  /** Shows a spinner and disables the button; pass the "...ing" text as children yourself. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={clsx(buttonClasses({ variant, size, fullWidth }), className)}
      {...props}
    >
      {isLoading && <Spinner />}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps, ButtonStyleOptions {}

/** A router link styled as a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link className={clsx(buttonClasses({ variant, size, fullWidth }), className)} {...props} />;
}
