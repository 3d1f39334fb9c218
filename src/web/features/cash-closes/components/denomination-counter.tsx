import { clsx } from 'clsx';
import { useId } from 'react';
import { formatMoney } from '../../../../shared/money';
import { type Denomination, denominationLabel, denominationTotal } from '../cash-close-model';

/**
 * Counting the drawer by notes and coins: how many of each, each row's value, and their sum, which
 * the caller puts into the count. Counts are typed as text (a whole number, or nothing).
 */
export function DenominationCounter({
  denominations,
  counts,
  currency,
  locale,
  onChange,
}: {
  denominations: readonly Denomination[];
  counts: Readonly<Record<number, string>>;
  currency: string;
  locale: string;
  onChange: (value: number, text: string) => void;
}) {
  const id = useId();
  const { total, invalid } = denominationTotal(counts);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const groups = [
    { kind: 'note' as const, title: 'Notes' },
    { kind: 'coin' as const, title: 'Coins' },
  ];
  return (
    <div className="rounded-xl border border-neutral-200 bg-neutral-50 p-3">
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map((group) => (
          <fieldset key={group.kind} className="min-w-0">
            <legend className="mb-1 text-sm font-semibold text-neutral-900">{group.title}</legend>
            <ul className="flex flex-col gap-1.5">
              {denominations
                .filter((each) => each.kind === group.kind)
                .map((each) => {
                  const label = denominationLabel(each.value, currency, locale);
                  const text = counts[each.value] ?? '';
                  const bad = invalid.includes(each.value);
                  const count = bad || text.trim() === '' ? 0 : Number(text.trim());
                  const inputId = `${id}-${each.value}`;
                  return (
                    <li key={each.value} className="grid grid-cols-[4.5rem_1fr_6rem] items-center gap-2">
                      <label htmlFor={inputId} className="text-sm font-medium text-neutral-800 tabular-nums">
                        {label}
                        <span className="sr-only"> {group.kind === 'note' ? 'notes' : 'coins'}</span>
                      </label>
                      <input
                        id={inputId}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="0"
                        value={text}
                        aria-invalid={bad || undefined}
                        onChange={(event) => onChange(each.value, event.target.value)}
                        className={clsx(
                          'h-10 w-full rounded-lg border bg-white px-3 text-right text-base tabular-nums shadow-sm sm:text-sm',
                          'focus:outline-2 focus:outline-offset-0',
                          bad
                            ? 'border-red-600 focus:outline-red-600'
                            : 'border-neutral-300 focus:border-neutral-950 focus:outline-neutral-950',
                        )}
                      />
                      <span className="text-right text-sm text-neutral-600 tabular-nums">
                        {count > 0 ? money(each.value * count) : ''}
                      </span>
                    </li>
                  );
                })}
            </ul>
          </fieldset>
        ))}
      </div>
      {invalid.length > 0 && (
        <p className="mt-2 text-sm text-red-700">
          Count whole notes and coins:{' '}
          {invalid.map((value) => denominationLabel(value, currency, locale)).join(', ')} left out.
        </p>
      )}
      <p className="mt-3 flex justify-between border-t border-neutral-200 pt-2 text-sm font-semibold text-neutral-950">
        <span>Notes and coins</span>
        <span className="tabular-nums" data-testid="denomination-total">
          {money(total)}
        </span>
      </p>
    </div>
  );
}
