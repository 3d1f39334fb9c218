import { clsx } from 'clsx';
import { CircleCheck, Flag, Mail, Reply, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { FeedbackEntry } from '../../../../shared/contracts/feedback';
import { RATING_MAX } from '../../../../shared/feedback-paths';
import { orderNumberLabel } from '../../../../shared/order-limits';
import { ORDER_TYPE_LABELS } from '../../../../shared/pricing';
import { Button } from '../../../components/ui/button';
import { orderPath } from '../../../lib/paths';
import { authorLabel, authorWarning, durationLabel, itemsLine } from '../feedback-model';
import { Stars } from './star-rating';

const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

/** A food or service rating, or "not rated" when the guest left it out (both are optional). */
function SmallRating({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  if (value === null) {
    return (
      <span className="inline-flex items-center gap-1.5" data-testid={testId}>
        <span className="text-neutral-600">{label}</span>
        <span className="text-neutral-600 italic">not rated</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5" data-testid={testId}>
      <span className="text-neutral-600">{label}</span>
      <Stars value={value} size="sm" />
      <span aria-hidden="true" className="text-neutral-600 tabular-nums">
        {value}/{RATING_MAX}
      </span>
    </span>
  );
}

interface FeedbackEntryItemProps {
  entry: FeedbackEntry;
  formatDateTime: (iso: string) => string;
  onToggleReviewed: (entry: FeedbackEntry) => void;
  /** The entry whose review change is running. */
  reviewBusy: boolean;
  onReply: (entry: FeedbackEntry) => void;
}

/**
 * One feedback: its ratings (a low overall rating flagged; food and service "not rated" when left
 * out), the comment, the order it is about (number, type, table, items and how long it took from
 * confirmed to ready), the customer, who wrote it (marked when it was not the order's customer, or
 * was staff), whether it was reviewed, and the reply sent; Mark as reviewed and Reply.
 */
export function FeedbackEntryItem({
  entry,
  formatDateTime,
  onToggleReviewed,
  reviewBusy,
  onReply,
}: FeedbackEntryItemProps) {
  const headingId = useId();
  const replyHintId = useId();
  const customer = entry.customer?.name || entry.customerName || 'Guest';
  const reviewed = entry.reviewedAt !== null;
  const order = entry.order;
  const warning = authorWarning(entry);
  return (
    <li
      aria-labelledby={headingId}
      className={clsx('flex flex-col gap-4 p-5 sm:p-6', entry.flagged && !reviewed && 'bg-red-50/40')}
      data-testid="feedback-entry"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex flex-col gap-1.5">
          <h3 id={headingId} className="font-semibold text-neutral-950">
            {customer}
            <span className="font-normal text-neutral-600"> on order {orderNumberLabel(order.number)}</span>
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <Stars value={entry.overall} />
            <span className="text-sm font-medium text-neutral-800 tabular-nums">
              {entry.overall}/{RATING_MAX} overall
            </span>
            {entry.flagged && (
              <span
                className={clsx(BADGE, 'bg-red-50 text-red-800 ring-red-300')}
                data-testid="flagged-badge"
              >
                <Flag aria-hidden="true" className="size-3" />
                Low rating
              </span>
            )}
            <span
              className={clsx(
                BADGE,
                reviewed
                  ? 'bg-emerald-50 text-emerald-900 ring-emerald-300'
                  : 'bg-amber-50 text-amber-900 ring-amber-300',
              )}
              data-testid="review-state"
            >
              {reviewed ? 'Reviewed' : 'Not reviewed'}
            </span>
          </div>
        </div>
        <p className="text-sm text-neutral-600">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>

      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <SmallRating label="Food" value={entry.food} testId="food-rating" />
        <SmallRating label="Service" value={entry.service} testId="service-rating" />
      </div>

      {entry.comment ? (
        <blockquote className="border-l-4 border-neutral-200 pl-4 break-words whitespace-pre-line text-neutral-900">
          {entry.comment}
        </blockquote>
      ) : (
        <p className="text-sm text-neutral-500 italic">No comment.</p>
      )}

      <dl className="grid gap-x-6 gap-y-2 rounded-xl bg-neutral-50 px-4 py-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-neutral-600">Order</dt>
        <dd className="text-neutral-900">
          <Link
            to={orderPath(order.id)}
            className="font-medium underline underline-offset-2 hover:text-neutral-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-neutral-950"
          >
            {orderNumberLabel(order.number)}
          </Link>
          {' · '}
          {ORDER_TYPE_LABELS[order.type]}
          {order.tableName ? ` · Table ${order.tableName}` : ''}
          {' · '}
          placed <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
        </dd>
        <dt className="text-neutral-600">Items</dt>
        <dd className="break-words text-neutral-900">{itemsLine(order.lines)}</dd>
        <dt className="text-neutral-600">Confirmed to ready</dt>
        <dd className="text-neutral-900" data-testid="preparation-time">
          {order.preparationSeconds === null ? 'Not recorded' : durationLabel(order.preparationSeconds)}
        </dd>
        <dt className="text-neutral-600">Customer</dt>
        <dd className="break-words text-neutral-900">
          {customer}
          {!entry.customer && <span className="text-neutral-600"> (no account)</span>}
        </dd>
        <dt className="text-neutral-600">Rated by</dt>
        <dd className="break-words text-neutral-900" data-testid="feedback-author">
          {authorLabel(entry.author)}
          {warning && (
            <span className="mt-1 flex items-center gap-1.5 font-medium text-amber-800">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              {warning}
            </span>
          )}
        </dd>
      </dl>

      {entry.reply && (
        <div
          className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm"
          data-testid="feedback-reply"
        >
          <p className="flex flex-wrap items-center gap-x-2 font-medium text-sky-950">
            <Mail aria-hidden="true" className="size-4" />
            Reply sent
            {entry.repliedBy && <span className="font-normal">by {entry.repliedBy.name}</span>}
            {entry.repliedAt && (
              <span className="font-normal">
                · <time dateTime={entry.repliedAt}>{formatDateTime(entry.repliedAt)}</time>
              </span>
            )}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-sky-950">{entry.reply}</p>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => onToggleReviewed(entry)} isLoading={reviewBusy}>
          {!reviewBusy && !reviewed && <CircleCheck aria-hidden="true" className="size-4" />}
          {reviewed ? 'Mark as not reviewed' : 'Mark as reviewed'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => onReply(entry)}
          disabled={!entry.canReply}
          aria-describedby={entry.canReply ? undefined : replyHintId}
        >
          <Reply aria-hidden="true" className="size-4" />
          {entry.reply ? 'Reply again' : 'Reply'}
        </Button>
        {!entry.canReply && (
          <p id={replyHintId} className="text-sm text-neutral-600">
            No e-mail address to reply to: the customer has no account with an e-mail address.
          </p>
        )}
        {reviewed && entry.reviewedBy && entry.reviewedAt && (
          <p className="text-sm text-neutral-600 sm:ml-auto">
            Reviewed by {entry.reviewedBy.name} ·{' '}
            <time dateTime={entry.reviewedAt}>{formatDateTime(entry.reviewedAt)}</time>
          </p>
        )}
      </div>
    </li>
  );
}
