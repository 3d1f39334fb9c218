import { CircleCheck, Printer, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CashClose } from '../../../../shared/contracts/cash-closes';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { SelectField } from '../../../components/ui/select-field';
import { useConfig, useRestaurantDateTime } from '../../config';
import { useCashClosePreview, useCashCloses, useCashDrawers } from '../api/cash-closes-api';
import { compareCount, DIFFERENCE_LABELS } from '../cash-close-model';
import { CashCloseDialog } from './cash-close-dialog';
import { CashCloseHistory } from './cash-close-history';
import { CountForm } from './count-form';
import { DayEndReport, DayEndReportPrintCopy } from './day-end-report';
import { DaySoFar, DrawerBreakdown, type FigureFormats } from './drawer-figures';

/** The drawer to count: `?drawer=` when it is one of them, else the only one, else none yet. */
function chosenDrawer(drawers: readonly { id: string }[], asked: string | null): string | null {
  if (asked && drawers.some((drawer) => drawer.id === asked)) return asked;
  return drawers.length === 1 ? (drawers[0]?.id ?? null) : null;
}

/** The day just closed: its figures, "Print report" and its report as printed. */
function ClosedDay({
  close,
  formats,
  onPrint,
  onAgain,
}: {
  close: CashClose;
  formats: FigureFormats;
  onPrint: () => void;
  onAgain: () => void;
}) {
  const { kind, difference } = compareCount(close.counted, close.expected);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: the result takes it (and comes into view).
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section aria-labelledby="day-closed" className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
          <div className="min-w-0">
            <h2
              id="day-closed"
              ref={headingRef}
              tabIndex={-1}
              className="scroll-mt-20 text-lg font-semibold text-neutral-950 focus:outline-none"
            >
              {close.accountName} is closed
            </h2>
            <p className="text-sm text-neutral-600">
              <time dateTime={close.closedAt}>{formats.dateTime(close.closedAt)}</time>
              {close.closedByName ? ` · ${close.closedByName}` : ''}
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-2">
          <div className="rounded-xl border border-neutral-200 px-3 py-2">
            <dt className="text-xs font-medium text-neutral-600">Expected</dt>
            <dd className="font-semibold tabular-nums sm:text-lg" data-testid="closed-expected">
              {formats.money(close.expected)}
            </dd>
          </div>
          <div className="rounded-xl border border-neutral-200 px-3 py-2">
            <dt className="text-xs font-medium text-neutral-600">Counted</dt>
            <dd className="font-semibold tabular-nums sm:text-lg" data-testid="closed-counted">
              {formats.money(close.counted)}
            </dd>
          </div>
          <div
            className={
              kind === 'exact'
                ? 'rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900 ring-1 ring-emerald-200'
                : kind === 'short'
                  ? 'rounded-xl bg-red-50 px-3 py-2 text-red-900 ring-1 ring-red-200'
                  : 'rounded-xl bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-200'
            }
          >
            <dt className="text-xs font-medium">{DIFFERENCE_LABELS[kind]}</dt>
            <dd className="font-semibold tabular-nums sm:text-lg" data-testid="closed-difference">
              {formats.money(Math.abs(difference))}
            </dd>
          </div>
        </dl>
        {close.reason && (
          <p className="text-sm break-words text-neutral-700">
            <span className="font-medium text-neutral-900">Reason:</span> {close.reason}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={onPrint}>
            <Printer aria-hidden="true" className="size-4" />
            Print report
          </Button>
          <Button variant="secondary" onClick={onAgain}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Count again
          </Button>
        </div>
      </Card>
      <div className="flex justify-center rounded-2xl bg-neutral-100 p-3 sm:p-6">
        <DayEndReport report={close.report} close={close} className="shadow-md ring-1 ring-neutral-200" />
      </div>
    </section>
  );
}

/**
 * Closing the day at the till (managers and admins): choose the drawer (the only one is chosen by
 * itself), see what should be in it and why, with the day's figures so far; count it, see over, short
 * or exact as it is typed, give the reason when it differs, and close the day. Then the day's end
 * report, to print on the 80 mm printer. Below, the past closes: each opens to see and print its
 * report again.
 */
export function CloseDay() {
  const config = useConfig().data;
  const locale = config?.locale ?? 'en';
  const dateTime = useRestaurantDateTime();
  const [searchParams, setSearchParams] = useSearchParams();
  const drawers = useCashDrawers();
  const accountId = drawers.data ? chosenDrawer(drawers.data, searchParams.get('drawer')) : null;
  const preview = useCashClosePreview(accountId);
  // The drawer's latest close: where its period starts ("Last count"), if it was ever closed.
  const latest = useCashCloses({ accountId: accountId ?? undefined, limit: 1, enabled: accountId !== null });
  const [closed, setClosed] = useState<CashClose | null>(null);
  const [viewing, setViewing] = useState<CashClose | null>(null);
  // A fresh count form per drawer and per close (nothing typed for one drawer carries to another).
  const [round, setRound] = useState(0);
  // After "Count again", the new count's field takes the focus.
  const [countAgain, setCountAgain] = useState(false);

  const currency = preview.data?.currency ?? config?.currency ?? 'USD';
  const formats: FigureFormats = useMemo(
    () => ({ money: (minor: number) => formatMoney(minor, currency, locale), dateTime }),
    [currency, locale, dateTime],
  );

  const lastClose = useMemo(() => {
    const last = accountId ? latest.closes?.[0] : undefined;
    if (!last || !preview.data) return null;
    return new Date(last.closedAt).getTime() === new Date(preview.data.from).getTime() ? last : null;
  }, [accountId, latest.closes, preview.data]);

  const printed = viewing ?? closed;

  function choose(id: string) {
    setClosed(null);
    setRound((value) => value + 1);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('drawer', id);
        else next.delete('drawer');
        return next;
      },
      { replace: true },
    );
  }

  let body: ReactNode;
  if (drawers.isError) {
    body = <ListError error={drawers.error} onRetry={() => void drawers.refetch()} />;
  } else if (!drawers.data) {
    body = <ListLoading>Loading the drawers...</ListLoading>;
  } else if (drawers.data.length === 0) {
    body = (
      <ListEmpty>
        There is no cash drawer to close. An admin adds a cash account in Master Data, under Bank accounts.
      </ListEmpty>
    );
  } else if (closed && closed.accountId === accountId) {
    body = (
      <ClosedDay
        close={closed}
        formats={formats}
        onPrint={() => window.print()}
        onAgain={() => {
          setClosed(null);
          setRound((value) => value + 1);
          setCountAgain(true);
        }}
      />
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <SelectField
            label="Drawer"
            value={accountId ?? ''}
            onChange={(event) => choose(event.target.value)}
          >
            {accountId === null && <option value="">Choose the drawer to count</option>}
            {drawers.data.map((drawer) => (
              <option key={drawer.id} value={drawer.id}>
                {drawer.name}
              </option>
            ))}
          </SelectField>
          {accountId === null ? (
            <p className="text-sm text-neutral-600">Choose the cash drawer you are counting.</p>
          ) : preview.isError ? (
            <ListError error={preview.error} onRetry={() => void preview.refetch()} />
          ) : !preview.data ? (
            <ListLoading>Reading the drawer...</ListLoading>
          ) : (
            <>
              <section aria-labelledby="should-be-there">
                <h2 id="should-be-there" className="mb-1 text-lg font-semibold text-neutral-950">
                  What should be there
                </h2>
                <DrawerBreakdown report={preview.data} lastClose={lastClose} formats={formats} />
              </section>
              <section aria-labelledby="count-it" className="border-t border-neutral-200 pt-5">
                <h2 id="count-it" className="mb-3 text-lg font-semibold text-neutral-950">
                  Count the drawer
                </h2>
                <CountForm
                  key={`${accountId}-${round}`}
                  accountId={accountId}
                  report={preview.data}
                  locale={locale}
                  autoFocus={countAgain}
                  onClosed={(close) => {
                    setCountAgain(false);
                    setClosed(close);
                  }}
                  onStale={() => void preview.refetch()}
                />
              </section>
            </>
          )}
        </Card>
        {preview.data && accountId !== null && (
          <Card className="p-5 sm:p-6">
            <section aria-labelledby="day-so-far">
              <h2 id="day-so-far" className="mb-1 text-lg font-semibold text-neutral-950">
                The day so far
              </h2>
              <DaySoFar report={preview.data} formats={formats} />
            </section>
          </Card>
        )}
      </div>
    );
  }

  return (
    <>
      {body}
      <section aria-labelledby="past-closes" className="mt-10">
        <h2 id="past-closes" className="mb-3 text-xl font-semibold text-neutral-950">
          Past closes
        </h2>
        <CashCloseHistory formats={formats} locale={locale} onOpen={setViewing} />
      </section>
      <CashCloseDialog close={viewing} onClose={() => setViewing(null)} onPrint={() => window.print()} />
      {printed && <DayEndReportPrintCopy close={printed} />}
    </>
  );
}
