import { clsx } from 'clsx';
import { ChevronDown, CircleAlert, Plus, ReceiptText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { isOpenCheck } from '../../../../shared/order-status';
import { Button } from '../../../components/ui/button';
import { OrderStatusBadge } from '../../../components/ui/order-badges';
import { useOrderTime } from '../list/order-format';
import type { MoneyFormat } from './money-format';
import { checkItemCount, closedCheckMessage, lastRound, roundsOf } from './pos-checks';

type Check = Pick<Order, 'id' | 'number' | 'status' | 'table' | 'lines' | 'total' | 'currency'>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "2 rounds · 5 items": how far along a check is. */
function checkFacts(check: Check): string {
  return `${plural(lastRound(check), 'round')} · ${plural(checkItemCount(check), 'item')}`;
}

interface OpenCheckOfferProps {
  tableName: string;
  /** The table's open checks, oldest first. */
  checks: readonly Check[];
  money: MoneyFormat;
  /** "New check" was chosen: the offer is folded to one line. */
  newCheckChosen: boolean;
  onChoose: (checkId: string) => void;
  onNewCheck: () => void;
  onShowChecks: () => void;
}

/**
 * At a table that has open checks: add the cart to one of them as a round ("Add to check #1042", with
 * its total and how many rounds it had) or start a new check. Once "New check" is chosen, one line says
 * so and keeps the way back. The offer scrolls into view when it appears, since the cart may have
 * scrolled it out of a short screen.
 */
export function OpenCheckOffer({
  tableName,
  checks,
  money,
  newCheckChosen,
  onChoose,
  onNewCheck,
  onShowChecks,
}: OpenCheckOfferProps) {
  const headingId = useId();
  const offerRef = useRef<HTMLElement>(null);
  const format = (minor: number, currency: string) => formatMoney(minor, currency, money.locale);
  const only = checks.length === 1 ? checks[0] : undefined;
  const shown = newCheckChosen ? null : tableName;
  useEffect(() => {
    if (shown !== null) offerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  if (newCheckChosen) {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700">
        <span>
          A new check for table {tableName}
          {only ? `; ${orderNumberLabel(only.number)} stays open.` : '.'}
        </span>
        <button
          type="button"
          onClick={onShowChecks}
          className="rounded-md font-medium text-neutral-950 underline underline-offset-4 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          {only ? `Add to ${orderNumberLabel(only.number)} instead` : 'Add to an open check instead'}
        </button>
      </p>
    );
  }
  return (
    <section
      ref={offerRef}
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-sky-200 bg-sky-50 p-3"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-sky-950">
        <ReceiptText aria-hidden="true" className="size-4 shrink-0" />
        Table {tableName} has {checks.length === 1 ? 'an open check' : `${checks.length} open checks`}
      </h3>
      <ul className="flex flex-col gap-2">
        {checks.map((check) => (
          <li key={check.id}>
            <button
              type="button"
              onClick={() => onChoose(check.id)}
              className="flex min-h-14 w-full items-center justify-between gap-3 rounded-lg bg-neutral-950 px-3 py-2 text-left text-white shadow-sm transition-colors hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
            >
              <span className="min-w-0">
                <span className="block font-semibold">Add to check {orderNumberLabel(check.number)}</span>
                <span className="block text-sm text-neutral-300">{checkFacts(check)}</span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums">
                {format(check.total, check.currency)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" fullWidth onClick={onNewCheck}>
        <Plus aria-hidden="true" className="size-4" />
        New check
      </Button>
    </section>
  );
}

interface CheckSummaryProps {
  /** The check as read now; undefined while it loads. */
  check: Check | undefined;
  /** Why the check could not be read, or null. */
  error: string | null;
  /** The refusal of "Send round" says already that the check is closed (and offers a new check). */
  closedShown: boolean;
  /** Leaves the round: the cart becomes a new check with its items. */
  onNewCheck: () => void;
}

/**
 * The check a round is for, above the round's items: its number, status, table and how far along it
 * is, and the way back to a new check. A check that was closed meanwhile says so and offers a new
 * check with the items.
 */
export function CheckSummary({ check, error, closedShown, onNewCheck }: CheckSummaryProps) {
  if (!check) {
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-sky-200 bg-sky-50 px-3 py-3 text-sm text-sky-950">
        <p role={error ? 'alert' : undefined}>{error ?? 'Loading the check...'}</p>
        {error && (
          <Button variant="secondary" onClick={onNewCheck}>
            Start a new check with these items
          </Button>
        )}
      </div>
    );
  }
  const label = orderNumberLabel(check.number);
  const closed = !isOpenCheck(check.status);
  return (
    <section
      aria-label={`Check ${label}`}
      className="flex flex-col gap-2 rounded-xl border border-sky-200 bg-sky-50 p-3"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold text-neutral-950">
            <ReceiptText aria-hidden="true" className="size-4 shrink-0 text-sky-800" />
            <span className="tabular-nums">Check {label}</span>
          </p>
          <p className="text-sm text-neutral-700">
            {check.table && <span className="whitespace-nowrap">Table {check.table.name} · </span>}
            <span className="whitespace-nowrap">{plural(lastRound(check), 'round')} · </span>
            <span className="whitespace-nowrap">{plural(checkItemCount(check), 'item')}</span>
          </p>
        </div>
        <OrderStatusBadge status={check.status} className="shrink-0" />
      </div>
      {closed && !closedShown && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {closedCheckMessage(check)}
          </p>
          <Button variant="secondary" onClick={onNewCheck}>
            Start a new check with these items
          </Button>
        </div>
      )}
      {!closed && (
        <button
          type="button"
          onClick={onNewCheck}
          className="self-start rounded-md text-sm font-medium text-neutral-700 underline underline-offset-4 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          Start a new check instead
        </button>
      )}
    </section>
  );
}

/**
 * What is on the check already, below the round being built: round by round with the time it was
 * sent, each line's quantity, options and amount (struck through, and said, when voided or comped).
 * It folds away on a tap.
 */
export function CheckRounds({ check, money }: { check: Check; money: MoneyFormat }) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const formatTime = useOrderTime();
  if (check.lines.length === 0) return null;
  const format = (minor: number) => formatMoney(minor, check.currency, money.locale);
  const label = orderNumberLabel(check.number);
  return (
    <div className="flex flex-col border-t border-neutral-200 pt-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="-mx-2 flex min-h-11 items-center gap-2 rounded-lg px-2 text-left text-sm font-medium text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        Already on {label}
        <span className="font-normal text-neutral-600">· {format(check.total)}</span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('ml-auto size-4 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={panelId} hidden={!open}>
        <ol aria-label={`Rounds of ${label}`} className="flex flex-col gap-2 pb-1">
          {roundsOf(check).map((round) => (
            <li key={round.round} aria-label={`Round ${round.round}`}>
              <p className="text-xs font-medium tracking-wide text-neutral-600 uppercase">
                Round {round.round} · <time dateTime={round.sentAt}>{formatTime(round.sentAt).time}</time>
              </p>
              <ul className="mt-0.5 flex flex-col text-sm text-neutral-800">
                {round.lines.map((line) => {
                  const struck = line.voided || line.comped;
                  return (
                    <li key={line.id} className="flex items-baseline justify-between gap-3 py-0.5">
                      <span className={clsx('min-w-0 break-words', struck && 'line-through')}>
                        <span className="tabular-nums">{line.quantity} ×</span> {line.name}
                        {line.options.length > 0 && (
                          <span className="text-neutral-600">
                            {' '}
                            ({line.options.map((option) => option.name).join(', ')})
                          </span>
                        )}
                      </span>
                      <span className="shrink-0 text-neutral-700 tabular-nums">
                        {struck ? (line.voided ? 'Voided' : 'Comped') : format(line.lineTotal)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/** Beside "Send round": what the check holds now and what the round adds, with the check's charges. */
export function RoundTotals({
  checkTotal,
  roundTotal,
  currency,
  money,
}: {
  /** Undefined while the check loads. */
  checkTotal: number | undefined;
  roundTotal: number;
  currency: string;
  money: MoneyFormat;
}) {
  const format = (minor: number) => formatMoney(minor, currency, money.locale);
  return (
    <dl aria-label="Totals" className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm text-neutral-700">
        <dt>On the check</dt>
        <dd className="tabular-nums" data-testid="check-total">
          {checkTotal === undefined ? '…' : format(checkTotal)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3 border-t border-neutral-200 pt-2 text-lg font-semibold text-neutral-950">
        <dt>This round</dt>
        <dd className="tabular-nums" data-testid="round-total">
          {format(roundTotal)}
        </dd>
      </div>
    </dl>
  );
}
