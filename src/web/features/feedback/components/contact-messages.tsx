import { clsx } from 'clsx';
import { CircleCheck, Mail, Phone } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { errorMessage } from '../../../lib/api-client';
import { type ContactMessage, useContactMessages, useMarkHandled } from '../api/admin-feedback-api';

function MessageItem({
  message,
  formatDateTime,
  busy,
  onToggle,
}: {
  message: ContactMessage;
  formatDateTime: (iso: string) => string;
  busy: boolean;
  onToggle: () => void;
}) {
  const headingId = useId();
  const handled = message.handledAt !== null;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 p-5 sm:p-6" data-testid="contact-message">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-neutral-950">
            {message.subject}
          </h3>
          <p className="text-sm break-words text-neutral-700">From {message.name}</p>
        </div>
        <div className="flex items-center gap-3">
          <span
            className={clsx(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
              handled
                ? 'bg-emerald-50 text-emerald-900 ring-emerald-300'
                : 'bg-amber-50 text-amber-900 ring-amber-300',
            )}
            data-testid="handled-state"
          >
            {handled ? 'Handled' : 'New'}
          </span>
          <p className="text-sm text-neutral-600">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
        </div>
      </div>
      <p className="break-words whitespace-pre-line text-neutral-900">{message.message}</p>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
          className="inline-flex items-center gap-1.5 break-all text-neutral-900 underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-neutral-950"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {message.email}
        </a>
        {message.phone && (
          <a
            href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex items-center gap-1.5 text-neutral-900 underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-neutral-950"
          >
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {message.phone}
          </a>
        )}
        <Button variant="secondary" onClick={onToggle} isLoading={busy} className="sm:ml-auto">
          {!busy && !handled && <CircleCheck aria-hidden="true" className="size-4" />}
          {handled ? 'Mark as not handled' : 'Mark as handled'}
        </Button>
      </div>
    </li>
  );
}

/** The messages sent from `/contact`, newest first, each with Mark as handled. */
export function ContactMessages({ formatDateTime }: { formatDateTime: (iso: string) => string }) {
  const messages = useContactMessages();
  const markHandled = useMarkHandled();
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];

  if (messages.isPending) return <ListLoading>Loading the messages...</ListLoading>;
  if (messages.isError) return <ListError error={messages.error} onRetry={() => void messages.refetch()} />;
  if (items.length === 0) return <ListEmpty>No messages have been sent from the contact page yet.</ListEmpty>;
  return (
    <div className="flex flex-col gap-4">
      {markHandled.isError && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {errorMessage(markHandled.error)}
        </p>
      )}
      <Card className="overflow-hidden">
        <ul aria-label="Contact messages" className="divide-y divide-neutral-200">
          {items.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              formatDateTime={formatDateTime}
              busy={markHandled.isPending && markHandled.variables?.id === message.id}
              onToggle={() => markHandled.mutate({ id: message.id, handled: message.handledAt === null })}
            />
          ))}
        </ul>
      </Card>
      {messages.hasNextPage && (
        <LoadMore loading={messages.isFetchingNextPage} onLoad={() => void messages.fetchNextPage()} />
      )}
    </div>
  );
}
