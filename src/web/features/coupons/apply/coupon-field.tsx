import { clsx } from 'clsx';
import { TicketPercent, X } from 'lucide-react';
import { useId, useState } from 'react';
import { describeCouponValue, MAX_COUPON_CODE } from '../../../../shared/coupon-rules';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field';
import type { AppliedCoupon } from './applied-coupon';

interface CouponFieldProps {
  applied: AppliedCoupon | null;
  /** The coupon's discount as priced now, in minor units. */
  discount: number;
  /** Why the applied coupon gives nothing now (below its minimum), or the server's refusal of it. */
  problem: string | null;
  /** Why the typed code was refused by the check. */
  error: string | null;
  checking: boolean;
  /** Why no coupon can be applied now ("Remove the manual discount to use a coupon."). */
  blockedReason?: string | null;
  money: { currency: string; locale: string };
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The code is being edited: an old refusal no longer applies. */
  onEdit?: () => void;
  disabled?: boolean;
  /** The label's look: a small one in the point of sale's cart, a heading-like one at checkout. */
  labelClassName?: string;
}

/**
 * "Coupon code" with Apply (the label alone: an example code in the field reads like a code to try;
 * typed in capitals, as codes are kept), or the applied coupon (its code, value and description, the
 * discount it gives now, or why it gives none) with Remove: the point of sale's and the guests'
 * checkout's (zod-free, so the checkout can load it).
 */
export function CouponField({
  applied,
  discount,
  problem,
  error,
  checking,
  blockedReason = null,
  money,
  onApply,
  onRemove,
  onEdit,
  disabled = false,
  labelClassName,
}: CouponFieldProps) {
  const [code, setCode] = useState('');
  const id = useId();
  const messageId = `${id}-message`;
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);

  if (applied) {
    const { terms } = applied;
    return (
      <div
        data-testid="applied-coupon"
        className={clsx(
          'flex flex-col gap-2 rounded-xl px-3 py-2.5 ring-1',
          problem ? 'bg-amber-50 ring-amber-200' : 'bg-emerald-50 ring-emerald-200',
        )}
      >
        <div className="flex items-start gap-3">
          <TicketPercent
            aria-hidden="true"
            className={clsx('mt-0.5 size-5 shrink-0', problem ? 'text-amber-700' : 'text-emerald-700')}
          />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 font-medium text-neutral-950">
              <span>
                Coupon <span className="font-mono tracking-wide">{terms.code}</span>
              </span>
              <span className="text-sm font-normal text-neutral-700">
                {describeCouponValue(terms, money.currency, money.locale)}
              </span>
            </p>
            {applied.description && (
              <p className="text-sm break-words text-neutral-700">{applied.description}</p>
            )}
          </div>
          {!problem && discount > 0 && (
            <span className="shrink-0 font-medium text-emerald-800 tabular-nums">−{format(discount)}</span>
          )}
          <button
            type="button"
            onClick={() => {
              setCode('');
              onRemove();
            }}
            disabled={disabled}
            aria-label={`Remove coupon ${terms.code}`}
            title="Remove coupon"
            className="-my-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-white hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-neutral-950 disabled:cursor-not-allowed"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
        {problem && <p className="text-sm font-medium text-amber-900">{problem}</p>}
      </div>
    );
  }

  const blocked = blockedReason !== null;
  const message = error ?? blockedReason;
  function apply() {
    if (code.trim() === '' || blocked || checking || disabled) return;
    onApply(code.trim());
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClassName ?? 'text-sm font-medium text-neutral-800'}>
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            onEdit?.();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          maxLength={MAX_COUPON_CODE}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled || blocked}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={clsx('h-11 min-w-0 flex-1 px-3 uppercase', controlClasses(Boolean(error)))}
        />
        <Button
          variant="secondary"
          className="h-11"
          onClick={apply}
          disabled={code.trim() === '' || blocked || disabled}
          isLoading={checking}
        >
          {checking ? 'Checking...' : 'Apply'}
        </Button>
      </div>
      {message && (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={clsx('text-sm', error ? 'text-red-700' : 'text-neutral-600')}
        >
          {message}
        </p>
      )}
    </div>
  );
}
