import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useConfig } from '../../config';
import { useChangeOrderStatus } from '../api/orders-api';
import { useNow } from '../board/board-hooks';
import { useOrderTime } from '../list/order-format';
import {
  CHOSEN_TIME,
  DEFAULT_READY_IN,
  READY_IN_MINUTES,
  type ReadyChoice,
  readyAtOf,
  suggestedClockTime,
} from './request-model';

const CHOICES: readonly ReadyChoice[] = [...READY_IN_MINUTES, CHOSEN_TIME];

/**
 * Accept asks when the order will be ready, which its guest then sees: 10, 15, 20 or 30 minutes from
 * now with one tap (15 at first), or a time of day typed on the restaurant's clock. The time it comes
 * to is shown before accepting, and is worked out again at the moment Accept is pressed.
 */
export function AcceptRequestDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const change = useChangeOrderStatus();
  const timeZone = useConfig().data?.timeZone;
  const formatTime = useOrderTime();
  // The preview follows the clock while the dialog is open.
  const now = useNow(15_000);
  const [choice, setChoice] = useState<ReadyChoice>(DEFAULT_READY_IN);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const choiceName = useId();
  const label = order ? orderNumberLabel(order.number) : '';
  const chosenTime = choice === CHOSEN_TIME;
  const outcome = readyAtOf(choice, typed, Math.max(now, Date.now()), timeZone);
  // The time it comes to, or what is wrong with a typed one (said once: under the field after Accept).
  const preview =
    'readyAt' in outcome
      ? `Ready at about ${formatTime(outcome.readyAt).time}`
      : error
        ? ''
        : outcome.problem;

  // Choosing "Choose a time" is choosing to type: its field takes the focus.
  useEffect(() => {
    if (chosenTime) timeRef.current?.focus();
  }, [chosenTime]);

  function choose(next: ReadyChoice) {
    setChoice(next);
    if (next === CHOSEN_TIME && !typed) setTyped(suggestedClockTime(Date.now(), timeZone));
    if (error) setError(null);
  }

  function close() {
    setChoice(DEFAULT_READY_IN);
    setTyped('');
    setError(null);
    change.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    const answer = readyAtOf(choice, typed, Date.now(), timeZone);
    if ('problem' in answer) {
      setError(answer.problem);
      timeRef.current?.focus();
      return;
    }
    change.mutate(
      { id: order.id, change: { status: 'confirmed', version: order.version, readyAt: answer.readyAt } },
      {
        onSuccess: (accepted) => {
          const readyAt = accepted.readyAt ?? answer.readyAt;
          toast.success(
            `Order ${label} accepted, ready at about ${formatTime(readyAt).time}: it is on the kitchen board.`,
          );
          close();
        },
        onError: (failure) => {
          // A refused move (someone answered it first, it was cancelled): the list is read again and
          // this request may be gone, so the message goes to a toast. Anything else stays here.
          if (isApiError(failure) && failure.status === 409) {
            toast.error(errorMessage(failure));
            close();
          } else {
            setError(errorMessage(failure));
          }
        },
      },
    );
  }

  return (
    <Dialog
      open={order !== null}
      onClose={close}
      busy={change.isPending}
      title={`Accept order ${label}?`}
      description="When will it be ready? The guest sees this time with their order."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <fieldset disabled={change.isPending} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-neutral-800">Ready in</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {CHOICES.map((option) => (
              <label
                key={option}
                className={clsx(
                  'relative flex min-h-12 cursor-pointer items-center justify-center gap-1.5 rounded-xl border px-3 py-2 font-medium whitespace-nowrap transition-colors',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-950',
                  option === CHOSEN_TIME && 'col-span-2 sm:col-span-4',
                  choice === option
                    ? 'border-neutral-950 bg-neutral-950 text-white'
                    : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-500',
                )}
              >
                <input
                  type="radio"
                  name={choiceName}
                  value={String(option)}
                  checked={choice === option}
                  onChange={() => choose(option)}
                  // Invisible but over the whole tile: a tap anywhere on it chooses it.
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
                />
                {choice === option && <Check aria-hidden="true" className="size-4 shrink-0" />}
                {option === CHOSEN_TIME ? 'Choose a time' : `${option} min`}
              </label>
            ))}
          </div>
        </fieldset>
        {chosenTime && (
          <TextField
            ref={timeRef}
            type="time"
            label="Ready at"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              if (error) setError(null);
            }}
            error={error}
            required
            disabled={change.isPending}
            className="sm:max-w-48"
          />
        )}
        <p
          aria-live="polite"
          data-testid="ready-at-preview"
          className={clsx(
            preview
              ? 'rounded-lg bg-neutral-100 px-3 py-2 text-base font-medium text-neutral-950'
              : 'sr-only',
          )}
        >
          {preview}
        </p>
        {error && !chosenTime && <p className="text-sm text-red-700">{error}</p>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" isLoading={change.isPending}>
            {change.isPending ? 'Accepting...' : 'Accept order'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
