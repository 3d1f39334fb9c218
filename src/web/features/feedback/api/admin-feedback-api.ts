import {
  type InfiniteData,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  FeedbackEntry,
  FeedbackEntryPage,
  FeedbackSummary,
} from '../../../../shared/contracts/feedback';
import { FEEDBACK_API } from '../../../../shared/feedback-paths';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';
import { type FeedbackFilters, feedbackQuery } from '../feedback-model';

/**
 * The calls of Customer Feedback (`/admin/feedback`): the feedback with its filters, its
 * summary, marking one reviewed, replying, and the messages sent from `/contact`. Everything lives
 * under `queryKeys.feedback.all` and refreshes by itself on the live topic `feedback`.
 */

const PAGE_SIZE = 20;

/** A message sent from `/contact` (`GET /api/admin/contact-messages`). */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  userId: string | null;
  handledAt: string | null;
  createdAt: string;
}

interface ContactMessagePage {
  items: ContactMessage[];
  nextCursor: string | null;
}

const LIVE_KEYS: readonly QueryKey[] = [queryKeys.feedback.all];

/** Keeps every view of the screen fresh while feedback or contact messages change on the server. */
export function useFollowFeedback(): void {
  useLiveTopic('feedback', LIVE_KEYS);
}

/** `GET /api/admin/feedback`: newest first, page by page ("Load more"). */
export function useFeedbackEntries(filters: FeedbackFilters, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.feedback.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const query = feedbackQuery(filters);
      query.set('limit', String(PAGE_SIZE));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<FeedbackEntryPage>(`${FEEDBACK_API.list}?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** `GET /api/admin/feedback/summary`: count, averages, distribution and trend for the same filters. */
export function useFeedbackSummary(filters: FeedbackFilters, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.feedback.summary(filters),
    queryFn: ({ signal }) => {
      const query = feedbackQuery(filters).toString();
      return apiRequest<FeedbackSummary>(query ? `${FEEDBACK_API.summary}?${query}` : FEEDBACK_API.summary, {
        signal,
      });
    },
    enabled,
  });
}

/** Puts the server's answer in every loaded page of feedback, then refreshes the lists and summary. */
function useEntryWrite<Input>(send: (id: string, input: Input) => Promise<FeedbackEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) => send(id, input),
    onSuccess: (entry) => {
      queryClient.setQueriesData<InfiniteData<FeedbackEntryPage>>(
        { queryKey: ['feedback', 'list'] },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === entry.id ? entry : item)),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.feedback.all });
    },
  });
}

/** `PATCH /api/admin/feedback/{id} { reviewed }`. */
export function useMarkReviewed() {
  return useEntryWrite((id: string, reviewed: boolean) =>
    apiRequest<FeedbackEntry>(FEEDBACK_API.entry(encodeURIComponent(id)), {
      method: 'PATCH',
      body: { reviewed },
    }),
  );
}

/** `POST /api/admin/feedback/{id}/reply { message }`: e-mails the customer and keeps the reply. */
export function useReplyToFeedback() {
  return useEntryWrite((id: string, message: string) =>
    apiRequest<FeedbackEntry>(FEEDBACK_API.reply(encodeURIComponent(id)), {
      method: 'POST',
      body: { message },
    }),
  );
}

/** `GET /api/admin/contact-messages`: newest first, page by page. */
export function useContactMessages() {
  return useInfiniteQuery({
    queryKey: queryKeys.feedback.contactMessages,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<ContactMessagePage>(`${FEEDBACK_API.contactMessages}?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** `PATCH /api/admin/contact-messages/{id} { handled }`. */
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiRequest<ContactMessage>(FEEDBACK_API.contactMessage(encodeURIComponent(id)), {
        method: 'PATCH',
        body: { handled },
      }),
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<ContactMessagePage>>(
        queryKeys.feedback.contactMessages,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === message.id ? message : item)),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.feedback.contactMessages });
    },
  });
}
