import { clsx } from 'clsx';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  COUPON_CHANNEL_LABELS,
  COUPON_STATUS_LABELS,
  type Coupon,
  type CouponStatus,
  describeCouponValue,
} from '../../../../shared/contracts/coupons';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { Switch } from '../../../components/ui/switch-field';
import { errorMessage } from '../../../lib/api-client';
import { type CouponListFilter, useCoupons, useDeleteCoupon, useSetCouponActive } from '../api/coupons-api';

export interface MoneyFormat {
  currency: string;
  locale: string;
}

const STATUS_TONES: Record<CouponStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  expired: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  'used-up': 'bg-amber-50 text-amber-900 ring-amber-200',
  inactive: 'bg-neutral-100 text-neutral-600 ring-neutral-200',
};

export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  return (
    <span
      data-testid="coupon-status"
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        STATUS_TONES[status],
      )}
    >
      {COUPON_STATUS_LABELS[status]}
    </span>
  );
}

/** `2026-01-31` → "31 Jan 2026": a calendar day of the restaurant, shown as the day it is. */
export function dayLabel(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** "1 Jan 2026 – 31 Jan 2026", "From 1 Jan 2026", "Until 31 Jan 2026", "Any day". */
export function validityLabel(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>, locale: string): string {
  const from = coupon.validFrom && dayLabel(coupon.validFrom, locale);
  const until = coupon.validUntil && dayLabel(coupon.validUntil, locale);
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Any day';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-neutral-500">{label}</dt>
      <dd className="text-sm break-words text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

function CouponRow({
  coupon,
  money,
  onEdit,
  onDelete,
}: {
  coupon: Coupon;
  money: MoneyFormat;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}) {
  const setActive = useSetCouponActive();
  const format = (minor: number) => formatMoney(minor, coupon.currency || money.currency, money.locale);
  return (
    <li
      data-testid="coupon-row"
      aria-label={coupon.code}
      className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-start lg:gap-6"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="button"
            onClick={() => onEdit(coupon)}
            className="rounded-sm font-mono text-base font-semibold tracking-wide break-all text-neutral-950 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-neutral-950"
          >
            {coupon.code}
          </button>
          <CouponStatusBadge status={coupon.status} />
          <span className="text-sm font-medium text-neutral-800">
            {describeCouponValue(coupon, coupon.currency || money.currency, money.locale)}
          </span>
        </div>
        {coupon.description && <p className="mt-0.5 text-sm text-neutral-600">{coupon.description}</p>}
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 xl:grid-cols-6">
          <Detail label="Minimum order">{coupon.minOrder === null ? 'None' : format(coupon.minOrder)}</Detail>
          <Detail label="Valid">{validityLabel(coupon, money.locale)}</Detail>
          <Detail label="Uses">
            <span data-testid="coupon-uses">
              {coupon.usageLimit === null
                ? `${coupon.uses} (no limit)`
                : `${coupon.uses} / ${coupon.usageLimit}`}
            </span>
          </Detail>
          <Detail label="Per customer">
            {coupon.perCustomerLimit === null ? 'No limit' : `${coupon.perCustomerLimit}`}
          </Detail>
          <Detail label="Where">
            {coupon.channels.map((channel) => COUPON_CHANNEL_LABELS[channel]).join(', ')}
          </Detail>
          <Detail label="Discount given">
            <span data-testid="coupon-discount-total">{format(coupon.discountTotal)}</span>
          </Detail>
        </dl>
      </div>
      <div className="flex items-center justify-between gap-3 lg:justify-end">
        <div className="flex items-center gap-2.5">
          <Switch
            label={`${coupon.code}: active`}
            hideLabel
            checked={coupon.active}
            disabled={setActive.isPending}
            onChange={(active) => setActive.mutate({ coupon, active })}
          />
          <span aria-hidden="true" className="w-14 text-sm text-neutral-700">
            {coupon.active ? 'Active' : 'Off'}
          </span>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" onClick={() => onEdit(coupon)} aria-label={`Edit ${coupon.code}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button
            variant="ghost"
            onClick={() => onDelete(coupon)}
            aria-label={`Delete ${coupon.code}`}
            title="Delete"
            className="px-3 text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
    </li>
  );
}

interface CouponListProps {
  filter: CouponListFilter;
  money: MoneyFormat;
  onAdd: () => void;
  onEdit: (coupon: Coupon) => void;
}

/** The coupons under the filter, newest first, with loading, empty and error states and Delete's question. */
export function CouponList({ filter, money, onAdd, onEdit }: CouponListProps) {
  const query = useCoupons(filter);
  const remove = useDeleteCoupon();
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const coupons = query.coupons ?? [];

  let content: ReactNode;
  if (query.isPending) content = <ListLoading>Loading the coupons...</ListLoading>;
  else if (query.isError) content = <ListError error={query.error} onRetry={() => void query.refetch()} />;
  else if (coupons.length === 0) {
    const filtered = filter.search !== '' || filter.status !== null;
    content = (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-neutral-700">
          {filter.search
            ? `No coupons match “${filter.search}”.`
            : filter.status
              ? `No ${COUPON_STATUS_LABELS[filter.status].toLowerCase()} coupons.`
              : 'No coupons yet. Make one to offer a discount at the counter or online.'}
        </p>
        {!filtered && (
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" className="size-4" />
            Add coupon
          </Button>
        )}
      </Card>
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <Card className="overflow-hidden">
          <ul aria-label="Coupons" className="divide-y divide-neutral-200">
            {coupons.map((coupon) => (
              <CouponRow
                key={coupon.id}
                coupon={coupon}
                money={money}
                onEdit={onEdit}
                onDelete={(target) => {
                  remove.reset();
                  setDeleting(target);
                }}
              />
            ))}
          </ul>
        </Card>
        {query.hasNextPage && (
          <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        )}
      </div>
    );
  }

  return (
    <>
      {content}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete coupon ${deleting?.code ?? ''}?`}
        confirmLabel="Delete"
        destructive
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
        }}
        onClose={() => setDeleting(null)}
      >
        <p>
          This cannot be undone. A coupon that has been used on orders cannot be deleted: make it inactive
          instead, and its orders keep it.
        </p>
        {remove.isError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
            {errorMessage(remove.error)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
