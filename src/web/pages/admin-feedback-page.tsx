import { clsx } from 'clsx';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import type { FeedbackEntry } from '../../shared/contracts/feedback';
import { LOW_RATING } from '../../shared/feedback-paths';
import { orderNumberLabel } from '../../shared/order-limits';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../components/ui/list-states';
import { useRestaurantDateTime } from '../features/config';
import {
  ContactMessages,
  FeedbackEntryItem,
  type FeedbackFilters,
  FeedbackFiltersBar,
  FeedbackTrend,
  hasFilters,
  NO_FEEDBACK_FILTERS,
  RatingDistribution,
  ReplyDialog,
  SummaryTiles,
  useFeedbackEntries,
  useFeedbackSummary,
  useFollowFeedback,
  useMarkReviewed,
} from '../features/feedback';
import { errorMessage } from '../lib/api-client';

type Tab = 'feedback' | 'messages';
const TABS: readonly { tab: Tab; label: string }[] = [
  { tab: 'feedback', label: 'Feedback' },
  { tab: 'messages', label: 'Messages' },
];

function FeedbackTab({ formatDateTime }: { formatDateTime: (iso: string) => string }) {
  const [filters, setFilters] = useState<FeedbackFilters>(NO_FEEDBACK_FILTERS);
  const [replyingTo, setReplyingTo] = useState<FeedbackEntry | null>(null);
  // ISO dates compare as text; a backwards range is not sent (the server would refuse it).
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? 'Must not be before “From”.' : null;
  const enabled = rangeError === null;
  const summary = useFeedbackSummary(filters, { enabled });
  const entries = useFeedbackEntries(filters, { enabled });
  const markReviewed = useMarkReviewed();
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];

  let list: ReactNode;
  if (!enabled) list = null;
  else if (entries.isPending) list = <ListLoading>Loading the feedback...</ListLoading>;
  else if (entries.isError) list = <ListError error={entries.error} onRetry={() => void entries.refetch()} />;
  else if (items.length === 0) {
    list = (
      <ListEmpty>
        {hasFilters(filters)
          ? 'No feedback matches these filters.'
          : 'No feedback yet. Guests can rate an order once it is completed, from their receipt or their order page.'}
      </ListEmpty>
    );
  } else {
    list = (
      <div className="flex flex-col gap-4">
        <Card className="overflow-hidden">
          <ul aria-label="Feedback" className="divide-y divide-neutral-200">
            {items.map((entry) => (
              <FeedbackEntryItem
                key={entry.id}
                entry={entry}
                formatDateTime={formatDateTime}
                reviewBusy={markReviewed.isPending && markReviewed.variables?.id === entry.id}
                onToggleReviewed={(target) =>
                  markReviewed.mutate(
                    { id: target.id, input: target.reviewedAt === null },
                    { onError: (error) => toast.error(errorMessage(error)) },
                  )
                }
                onReply={setReplyingTo}
              />
            ))}
          </ul>
        </Card>
        {entries.hasNextPage && (
          <LoadMore loading={entries.isFetchingNextPage} onLoad={() => void entries.fetchNextPage()} />
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Filters">
        <FeedbackFiltersBar filters={filters} onChange={setFilters} rangeError={rangeError} />
      </section>
      {enabled && (
        <section aria-labelledby="feedback-summary-heading" className="flex flex-col gap-4">
          <h2 id="feedback-summary-heading" className="sr-only">
            Summary
          </h2>
          {summary.isPending ? (
            <ListLoading>Loading the summary...</ListLoading>
          ) : summary.isError ? (
            <ListError error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <>
              <SummaryTiles
                summary={summary.data}
                onShowFlagged={() =>
                  setFilters({
                    ...NO_FEEDBACK_FILTERS,
                    ratings: Array.from({ length: LOW_RATING }, (_, index) => index + 1),
                    reviewed: 'unreviewed',
                  })
                }
              />
              <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
                <FeedbackTrend summary={summary.data} />
                <RatingDistribution summary={summary.data} />
              </div>
            </>
          )}
        </section>
      )}
      <section aria-labelledby="feedback-list-heading">
        <h2 id="feedback-list-heading" className="mb-3 text-lg font-semibold text-neutral-950">
          Feedback
        </h2>
        {list}
      </section>
      <ReplyDialog
        entry={replyingTo}
        onClose={() => setReplyingTo(null)}
        onSent={(entry) => {
          setReplyingTo(null);
          const name = entry.customer?.name || entry.customerName || 'the customer';
          toast.success(`Reply sent to ${name} about order ${orderNumberLabel(entry.order.number)}.`);
        }}
      />
    </div>
  );
}

/**
 * `/admin/feedback` (Customer Feedback; docs/PRODUCT-RULES.md, Customer feedback): the guests' feedback with
 * filters (overall rating, days, reviewed or not), the averages, a trend over time (a chart, or its
 * numbers as a table) and the distribution of ratings; each feedback with its order, Mark as reviewed
 * and Reply by e-mail. A second tab lists the messages sent from `/contact`. Both refresh by
 * themselves on the live topic `feedback`.
 */
export function AdminFeedbackPage() {
  useFollowFeedback();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'messages' ? 'messages' : 'feedback';
  const formatDateTime = useRestaurantDateTime();
  const panelId = useId();
  const tabId = useId();

  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Customer Feedback" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
        Customer Feedback
      </h1>
      <p className="mt-1 text-neutral-600">
        What guests said about their orders, and the messages sent from your contact page.
      </p>
      <div
        role="tablist"
        aria-label="Customer feedback"
        className="mt-8 inline-flex rounded-lg bg-neutral-100 p-1"
      >
        {TABS.map((item) => (
          <button
            key={item.tab}
            id={`${tabId}-${item.tab}`}
            type="button"
            role="tab"
            aria-selected={tab === item.tab}
            aria-controls={panelId}
            onClick={() =>
              setSearchParams(item.tab === 'feedback' ? {} : { tab: item.tab }, { replace: true })
            }
            className={clsx(
              'h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
              tab === item.tab
                ? 'bg-white text-neutral-950 shadow-sm'
                : 'text-neutral-600 hover:text-neutral-950',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${tabId}-${tab}`} className="mt-6">
        {tab === 'feedback' ? (
          <FeedbackTab formatDateTime={formatDateTime} />
        ) : (
          <section aria-labelledby="contact-messages-heading">
            <h2 id="contact-messages-heading" className="mb-3 text-lg font-semibold text-neutral-950">
              Messages from the contact page
            </h2>
            <ContactMessages formatDateTime={formatDateTime} />
          </section>
        )}
      </div>
    </div>
  );
}
