import { clsx } from 'clsx';
import { Calculator, ChevronDown, Lock } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { CashClose, CashCloseReport } from '../../../../shared/contracts/cash-closes';
import { formatMoney, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, hasReason, isApiError } from '../../../lib/api-client';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useCloseTheDay } from '../api/cash-closes-api';
import {
  compareCount,
  DIFFERENCE_LABELS,
  type DifferenceKind,
  denominationsFor,
  denominationTotal,
  readCount,
} from '../cash-close-model';
import { DenominationCounter } from './denomination-counter';

const REASON_MAX = 200;

const DIFFERENCE_STYLES: Record<DifferenceKind, string> = {
  over: 'bg-amber-50 text-amber-950 ring-amber-200',
  short: 'bg-red-50 text-red-900 ring-red-200',
  exact: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
};

/** The issue the server named for `path` in a 400, if any. */
function issueAt(error: unknown, path: string): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const issues = (error.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  const issue = issues?.find((each) => each.path === path);
  return typeof issue?.message === 'string' ? issue.message : null;
}

/**
 * The count of a drawer: the cash counted (typed, or added up from notes and coins), the difference
 * from what should be there as it is typed (over, short or exact), a reason (needed, and given the
 * focus, when the count differs) and "Close the day". The server counts the drawer again when it
 * closes: if the drawer moved meanwhile and the count now differs, it asks for the reason.
 */
export function CountForm({
  accountId,
  report,
  locale,
  autoFocus = false,
  onClosed,
  onStale,
}: {
  accountId: string;
  /** What the drawer should hold now (the preview). */
  report: CashCloseReport;
  locale: string;
  /** Gives the count's field the focus (counting again after a close). */
  autoFocus?: boolean;
  onClosed: (close: CashClose) => void;
  /** The server found the drawer changed since the preview: read it again. */
  onStale: () => void;
}) {
  const currency = report.currency;
  const expected = report.drawer.expected;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const [countText, setCountText] = useState('');
  const [reason, setReason] = useState('');
  const [countProblem, setCountProblem] = useState<string | null>(null);
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const denominations = denominationsFor(currency);
  const [counting, setCounting] = useState(false);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const close = useCloseTheDay();
  const invalid = useFocusFirstInvalid();

  const count = readCount(countText, currency);
  const comparison = count.minor === null ? null : compareCount(count.minor, expected);
  const countError = count.error ?? countProblem;
  const reasonError = reasonProblem;

  function changeCount(text: string) {
    setCountText(text);
    setCountProblem(null);
    setRefusal(null);
  }

  function changeDenomination(value: number, text: string) {
    const next = { ...counts, [value]: text };
    setCounts(next);
    const sum = denominationTotal(next);
    changeCount(sum.any ? minorToInput(sum.total, currency) : '');
  }

  function submit() {
    setRefusal(null);
    if (count.error || count.minor === null) {
      if (!count.error) setCountProblem('Enter the cash counted in the drawer.');
      invalid.focusFirstInvalid();
      return;
    }
    const { reasonNeeded, kind } = compareCount(count.minor, expected);
    const reasonText = reason.trim();
    if (reasonNeeded && reasonText === '') {
      setReasonProblem(`The drawer is ${kind}: say why before closing the day.`);
      invalid.focusFirstInvalid();
      return;
    }
    close.mutate(
      { accountId, counted: count.minor, ...(reasonText ? { reason: reasonText } : {}) },
      {
        onSuccess: (closed) => {
          const result = compareCount(closed.counted, closed.expected);
          toast.success(
            result.kind === 'exact'
              ? `${closed.accountName} closed: the count is exact.`
              : `${closed.accountName} closed: ${DIFFERENCE_LABELS[result.kind].toLowerCase()} ${money(Math.abs(result.difference))}.`,
          );
          onClosed(closed);
        },
        onError: (error) => {
          if (hasReason(error, 'reason-required')) {
            const now = (error.details as { expected?: unknown }).expected;
            setReasonProblem(
              typeof now === 'number' && now !== expected
                ? `The drawer changed meanwhile: it should now hold ${money(now)}. Check the count, and say why it differs.`
                : 'The count differs from what should be in the drawer: say why.',
            );
            onStale();
            invalid.focusFirstInvalid();
            return;
          }
          const countIssue = issueAt(error, 'counted');
          const reasonIssue = issueAt(error, 'reason');
          if (countIssue || reasonIssue) {
            if (countIssue) setCountProblem(`The count ${countIssue}.`);
            if (reasonIssue) setReasonProblem(`The reason ${reasonIssue}.`);
            invalid.focusFirstInvalid();
            return;
          }
          if (isApiError(error) && error.status === 400) onStale();
          setRefusal(errorMessage(error));
        },
      },
    );
  }

  const busy = close.isPending;

  return (
    <form
      ref={invalid.ref}
      noValidate
      aria-label="Count the drawer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4"
    >
      <MoneyField
        label="Counted"
        currency={currency}
        value={countText}
        placeholder={minorToInput(0, currency)}
        error={countError}
        description="All the cash in the drawer now, notes and coins."
        disabled={busy}
        autoFocus={autoFocus}
        onChange={(event) => {
          changeCount(event.target.value);
          if (Object.values(counts).some((text) => text.trim() !== '')) setCounts({});
        }}
        className="[&_input]:h-12 [&_input]:text-lg"
      />

      {denominations.length > 0 && (
        <div className="-mt-1 flex flex-col gap-2">
          <button
            type="button"
            aria-expanded={counting}
            onClick={() => setCounting((open) => !open)}
            className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-neutral-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            <Calculator aria-hidden="true" className="size-4" />
            Count by notes and coins
            <ChevronDown
              aria-hidden="true"
              className={clsx('size-4 transition-transform', counting && 'rotate-180')}
            />
          </button>
          {counting && (
            <DenominationCounter
              denominations={denominations}
              counts={counts}
              currency={currency}
              locale={locale}
              onChange={changeDenomination}
            />
          )}
        </div>
      )}

      <div
        role="status"
        aria-live="polite"
        data-testid="count-difference"
        className={clsx(
          'flex items-baseline justify-between gap-3 rounded-xl px-4 py-3 ring-1',
          comparison ? DIFFERENCE_STYLES[comparison.kind] : 'bg-neutral-50 text-neutral-600 ring-neutral-200',
        )}
      >
        {comparison ? (
          <>
            <span className="text-lg font-semibold">{DIFFERENCE_LABELS[comparison.kind]}</span>
            <span className="text-lg font-semibold tabular-nums">
              {comparison.kind === 'exact'
                ? money(0)
                : `${comparison.kind === 'over' ? '+' : '−'}${money(Math.abs(comparison.difference))}`}
            </span>
          </>
        ) : (
          <span className="text-sm">Enter the count to see if the drawer is over or short.</span>
        )}
      </div>

      <TextField
        label="Reason"
        value={reason}
        maxLength={REASON_MAX}
        error={reasonError}
        description={
          comparison?.reasonNeeded
            ? `Needed: why is the drawer ${comparison.kind}?`
            : 'Needed only when the count differs.'
        }
        required={comparison?.reasonNeeded ?? false}
        disabled={busy}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonProblem(null);
          setRefusal(null);
        }}
      />

      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}

      <Button type="submit" size="lg" isLoading={busy} className="w-full sm:w-auto sm:self-end">
        {!busy && <Lock aria-hidden="true" className="size-4" />}
        {busy ? 'Closing...' : 'Close the day'}
      </Button>
    </form>
  );
}
