import { clsx } from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { Statement } from '../../../../shared/contracts/reports';
import type { StatementFormat } from '../statement-format';
import {
  changeTone,
  lineChange,
  type StatementLine,
  type StatementSection,
  statementSections,
} from '../statement-lines';
import { formatPeriod } from '../statement-period';

const TONE_CLASSES = {
  better: 'text-emerald-800',
  worse: 'text-red-700',
  neutral: 'text-neutral-700',
} as const;

const TONE_WORDS = { better: 'better', worse: 'worse', neutral: '' } as const;

/** The change of a line: an arrow and the signed amount and percent, green when better, red when worse. */
function Change({ line, format }: { line: StatementLine; format: StatementFormat }) {
  const change = lineChange(line.current, line.previous, line.format);
  if (change.delta === null) {
    return (
      <span className="text-neutral-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not compared</span>
      </span>
    );
  }
  if (change.direction === 'same') {
    return <span className="text-neutral-500">No change</span>;
  }
  const tone = changeTone(change.direction, line.sense);
  const Arrow = change.direction === 'up' ? ArrowUp : ArrowDown;
  const percent = format.percent(change);
  return (
    <span
      className={clsx('inline-flex items-baseline justify-end gap-1 whitespace-nowrap', TONE_CLASSES[tone])}
      data-tone={tone}
    >
      <Arrow aria-hidden="true" className="size-3.5 shrink-0 self-center" />
      <span>{format.delta(change, line.format)}</span>
      {percent && <span className="text-xs">({percent})</span>}
      {tone !== 'neutral' && <span className="sr-only">, {TONE_WORDS[tone]}</span>}
    </span>
  );
}

function LineLabel({ line, onOpen }: { line: StatementLine; onOpen?: (line: StatementLine) => void }) {
  if (line.records && onOpen) {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => onOpen(line)}
        className="-mx-1 rounded px-1 text-left underline decoration-neutral-400 decoration-dotted underline-offset-4 hover:text-neutral-950 hover:decoration-neutral-950 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950"
      >
        {line.label}
      </button>
    );
  }
  return <span>{line.label}</span>;
}

function LineRow({
  line,
  format,
  onOpen,
}: {
  line: StatementLine;
  format: StatementFormat;
  onOpen?: (line: StatementLine) => void;
}) {
  if (line.heading) {
    return (
      <tr className="statement-subheading bg-white">
        <td colSpan={4} className="px-4 pt-3 pb-1 pl-9 text-xs font-semibold text-neutral-600 uppercase">
          <span className="sticky left-9">{line.label}</span>
        </td>
      </tr>
    );
  }
  const strong = line.level === 'total' || line.level === 'result';
  const amount = 'px-3 py-2 text-right whitespace-nowrap tabular-nums align-top';
  return (
    <tr
      data-testid="statement-line"
      data-line={line.id}
      className={clsx(
        'statement-line',
        line.level === 'result' ? 'statement-result bg-neutral-50 text-base' : 'bg-white',
        strong && 'font-semibold text-neutral-950',
        line.level === 'total' && 'statement-total border-t border-neutral-300',
        line.level === 'result' && 'border-y-2 border-neutral-300',
      )}
    >
      <th
        scope="row"
        className={clsx(
          'sticky left-0 z-[1] bg-inherit py-2 pr-3 text-left align-top',
          strong ? 'font-semibold' : 'font-normal',
          line.level === 'sub' ? 'pl-9' : 'pl-4',
        )}
      >
        <span className="flex items-start gap-1.5">
          <span aria-hidden="true" className="w-3 shrink-0 text-center text-neutral-500">
            {line.operator ?? ''}
          </span>
          <span className="min-w-0">
            <LineLabel line={line} onOpen={onOpen} />
            {line.note && <span className="block text-xs font-normal text-neutral-600">{line.note}</span>}
          </span>
        </span>
      </th>
      <td className={amount} data-testid="line-current">
        {format.value(line.current, line.format)}
      </td>
      <td className={clsx(amount, 'text-neutral-700')} data-testid="line-previous">
        {format.value(line.previous, line.format)}
      </td>
      <td className={clsx(amount, 'statement-change text-sm font-normal')} data-testid="line-change">
        <Change line={line} format={format} />
      </td>
    </tr>
  );
}

function SectionRows({
  section,
  format,
  onOpen,
}: {
  section: StatementSection;
  format: StatementFormat;
  onOpen?: (line: StatementLine) => void;
}) {
  return (
    <tbody data-section={section.id} className="statement-section">
      {section.title && (
        <tr className="statement-heading border-t border-neutral-200 bg-white">
          <th
            scope="rowgroup"
            colSpan={4}
            className="px-4 pt-5 pb-1 text-left text-sm font-semibold tracking-wide text-neutral-950"
          >
            <span className="sticky left-4">{section.title}</span>
          </th>
        </tr>
      )}
      {section.lines.map((line) => (
        <LineRow key={line.id} line={line} format={format} onOpen={onOpen} />
      ))}
    </tbody>
  );
}

/**
 * The statement's lines, section by section: this period, the previous one (its days in the column's
 * heading) and the change. A line with records behind it is a button that opens them (`onOpen`);
 * without `onOpen` (the printout) every line is plain text. On a narrow screen the table scrolls sideways
 * inside its frame, the line names staying in place.
 */
export function StatementTable({
  statement,
  format,
  locale,
  onOpen,
}: {
  statement: Statement;
  format: StatementFormat;
  locale: string;
  onOpen?: (line: StatementLine) => void;
}) {
  const sections = statementSections(statement);
  const current = formatPeriod(statement.period, locale);
  const previous = formatPeriod(statement.previous, locale);
  return (
    <table className="statement-table w-full min-w-[38rem] border-collapse text-left text-sm text-neutral-900">
      <caption className="sr-only">
        Financial statement, {current}, compared with {previous}
      </caption>
      <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
        <tr>
          <th
            scope="col"
            className="sticky left-0 z-[1] min-w-[11rem] bg-neutral-50 px-4 py-3 align-top font-medium sm:min-w-[16rem]"
          >
            Line
          </th>
          <th scope="col" className="px-3 py-3 text-right align-top font-medium">
            This period
            <span className="block text-xs font-normal whitespace-nowrap text-neutral-600">{current}</span>
          </th>
          <th
            scope="col"
            className="px-3 py-3 text-right align-top font-medium"
            data-testid="previous-heading"
          >
            Previous period
            <span className="block text-xs font-normal whitespace-nowrap text-neutral-600">{previous}</span>
          </th>
          <th scope="col" className="px-3 py-3 text-right align-top font-medium">
            Change
          </th>
        </tr>
      </thead>
      {sections.map((section) => (
        <SectionRows key={section.id} section={section} format={format} onOpen={onOpen} />
      ))}
    </table>
  );
}
