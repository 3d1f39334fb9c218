import { useIsMutating } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { StockCountLine } from '../../../../shared/contracts/stock-counts';
import { errorMessage } from '../../../lib/api-client';
import { useSaveCountLine } from '../api/stock-counts-api';
import { readCounted, shortQuantity } from './count-model';

/** How long typing must pause before the line is saved. */
const SAVE_AFTER_MS = 600;

type SaveState = 'idle' | 'typing' | 'saving' | 'saved' | 'error';

/**
 * One item of an open count: its name, where it is kept, and a big numeric input saved as it is typed
 * (after a short pause), with a tick once saved. Someone else's count of the line shows as soon as it
 * arrives, unless this person is typing in it.
 */
export function CountLineRow({ countId, line }: { countId: string; line: StockCountLine }) {
  const inputId = useId();
  const save = useSaveCountLine(countId);
  const [text, setText] = useState(() => shortQuantity(line.counted));
  const [state, setState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const focused = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  // Another counter's value (or a cleared line) replaces what is shown, while this person is not typing.
  const serverText = shortQuantity(line.counted);
  useEffect(() => {
    if (!focused.current && state !== 'typing' && state !== 'saving') setText(serverText);
  }, [serverText, state]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function send(typed: string) {
    const read = readCounted(typed);
    if (!read.ok) {
      setState('error');
      setProblem(read.message);
      return;
    }
    if (read.counted === line.counted) {
      setState(read.counted === null ? 'idle' : 'saved');
      return;
    }
    setState('saving');
    save.mutate(
      { itemId: line.itemId, counted: read.counted },
      {
        onSuccess: () => setState('saved'),
        onError: (error) => {
          setState('error');
          setProblem(errorMessage(error));
        },
      },
    );
  }

  function change(next: string) {
    setText(next);
    setProblem(null);
    setState('typing');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => send(next), SAVE_AFTER_MS);
  }

  const counted = line.counted !== null;
  const by = line.countedByName ? `Counted by ${line.countedByName}` : null;
  return (
    <li
      className={clsx(
        'flex items-center gap-3 border-b border-neutral-200 px-4 py-3 last:border-b-0',
        counted && 'bg-emerald-50/60',
      )}
      data-testid="count-line"
      data-item-id={line.itemId}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="block text-base font-medium break-words text-neutral-950">
          {line.itemName}
        </label>
        <p className="mt-0.5 text-sm text-neutral-600">
          Books: {shortQuantity(line.expected)} {line.unitSymbol}
          {by && <span className="block truncate text-xs text-neutral-500">{by}</span>}
        </p>
        {problem && (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <div className="relative">
          <input
            id={inputId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="next"
            value={text}
            placeholder="–"
            aria-invalid={state === 'error' || undefined}
            onFocus={() => {
              focused.current = true;
            }}
            onBlur={() => {
              focused.current = false;
              if (state === 'typing') {
                window.clearTimeout(timer.current);
                send(text);
              }
            }}
            onChange={(event) => change(event.target.value)}
            className={clsx(
              'h-14 w-28 rounded-lg border bg-white pr-10 pl-3 text-right text-2xl font-semibold text-neutral-950 tabular-nums shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-neutral-950 sm:w-32',
              state === 'error' ? 'border-red-600' : 'border-neutral-300',
            )}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-neutral-500">
            {line.unitSymbol}
          </span>
        </div>
        <SaveMark state={state} />
      </div>
    </li>
  );
}

function SaveMark({ state }: { state: SaveState }) {
  if (state === 'saved') {
    return (
      <span className="flex size-6 items-center justify-center text-emerald-700" data-testid="line-saved">
        <Check aria-hidden="true" className="size-5" />
        <span className="sr-only">Saved</span>
      </span>
    );
  }
  if (state === 'error') {
    return <CircleAlert aria-label="Not saved" className="size-6 text-red-700" />;
  }
  return (
    <span className="flex size-6 items-center justify-center" aria-live="polite">
      {state === 'saving' || state === 'typing' ? (
        <>
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-neutral-400" />
          <span className="sr-only">Saving</span>
        </>
      ) : null}
    </span>
  );
}

/** Whether a line's save is still on its way (finishing waits for it). */
export function useSavingLines(): boolean {
  return useIsMutating({ mutationKey: ['stock-counts', 'save-lines'] }) > 0;
}
