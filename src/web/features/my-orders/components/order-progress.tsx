import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import type { Order } from '../../../../shared/contracts/orders';
import { progressSteps, type StepState } from '../order-progress';

const STATE_WORDS: Record<StepState, string> = {
  done: 'done',
  current: 'now',
  upcoming: 'to come',
  stopped: '',
};

function StepMark({ state }: { state: StepState }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full ring-4 ring-white',
        state === 'done' && 'bg-neutral-950 text-white',
        state === 'current' && 'border-2 border-neutral-950 bg-white',
        state === 'upcoming' && 'border-2 border-neutral-300 bg-white',
        state === 'stopped' && 'bg-red-700 text-white',
      )}
    >
      {state === 'done' && <Check className="size-3.5" strokeWidth={3} />}
      {state === 'current' && <span className="size-2.5 animate-pulse rounded-full bg-neutral-950" />}
      {state === 'stopped' && <X className="size-3.5" strokeWidth={3} />}
    </span>
  );
}

/**
 * The order's way from request to completed, as the customer follows it: each step with the time it
 * was reached (in the restaurant's time zone), the current one marked, those to come greyed; a rejected
 * or cancelled order ends in red where it stopped.
 */
export function OrderProgress({ order, formatTime }: { order: Order; formatTime: (iso: string) => string }) {
  const steps = progressSteps(order);
  return (
    <ol aria-label="Order progress" className="flex flex-col">
      {steps.map((step, index) => (
        <li
          key={step.status}
          data-testid="progress-step"
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="relative flex min-h-12 gap-3 pb-3 last:min-h-0 last:pb-0"
        >
          {index < steps.length - 1 && (
            <span
              aria-hidden="true"
              className={clsx(
                'absolute top-6 bottom-0 left-[0.6875rem] w-0.5',
                steps[index + 1]?.state === 'upcoming' ? 'bg-neutral-200' : 'bg-neutral-950',
              )}
            />
          )}
          <StepMark state={step.state} />
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 pt-0.5 text-sm">
            <p
              className={clsx(
                'font-medium',
                step.state === 'upcoming' && 'text-neutral-500',
                step.state === 'stopped' && 'text-red-800',
                (step.state === 'done' || step.state === 'current') && 'text-neutral-950',
                step.state === 'current' && 'font-semibold',
              )}
            >
              {step.label}
              {STATE_WORDS[step.state] && <span className="sr-only">, {STATE_WORDS[step.state]}</span>}
            </p>
            {step.at && (
              <time dateTime={step.at} className="text-neutral-600 tabular-nums">
                {formatTime(step.at)}
              </time>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
