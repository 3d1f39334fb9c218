import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PublicConfig } from '../../shared/contracts/config';
import { queryKeys } from './query-keys';

/** `GET /api/events` (Server-Sent Events, decision 008). */
const EVENTS_URL = '/api/events';
/** Until `/api/config` has answered. */
const DEFAULT_POLL_MS = 3000;

/** Per topic, the invalidations of every mounted hook following it (one entry per hook). */
const followers = new Map<string, Set<() => void>>();
let source: EventSource | null = null;
let sourceTopics = '';
/** The topics whose stream failed for good (a refusal, or no EventSource): they are polled instead. */
let pollingTopics = '';
let pollTimer: ReturnType<typeof setInterval> | undefined;
/** A refused stream is tried again (a cap is often freed soon: another tab closed), less often each time. */
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 0;
/** The first retry waits this many poll intervals; each next one twice as long, up to 5 minutes. */
const FIRST_RETRY_POLLS = 5;
const MAX_RETRY_MS = 5 * 60_000;
let reconcileQueued = false;
let client: QueryClient | undefined;

function refresh(topic?: string): void {
  const sets = topic ? [followers.get(topic)] : [...followers.values()];
  for (const set of sets) for (const invalidate of set ?? []) invalidate();
}

function stopPolling(): void {
  clearInterval(pollTimer);
  pollTimer = undefined;
}

/** Polls every `pollIntervalMs`; the refetches revalidate with ETags, so an idle poll is a 304. */
function startPolling(): void {
  if (pollTimer !== undefined) return;
  pollTimer = setInterval(() => refresh(), pollIntervalMs());
}

/** `/api/config`'s `pollIntervalMs` once it has answered. */
function pollIntervalMs(): number {
  return client?.getQueryData<PublicConfig>(queryKeys.config)?.pollIntervalMs ?? DEFAULT_POLL_MS;
}

function stopRetrying(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

/** After a refusal, polling goes on and the stream is tried again later (back-off). */
function scheduleStreamRetry(): void {
  if (retryTimer !== undefined) return;
  retryDelayMs =
    retryDelayMs === 0 ? pollIntervalMs() * FIRST_RETRY_POLLS : Math.min(retryDelayMs * 2, MAX_RETRY_MS);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    // Forget the refusal, so reconcile opens a stream for the topics again.
    sourceTopics = '';
    pollingTopics = '';
    reconcile();
  }, retryDelayMs);
}

/** One stream for the page's topics: reopened when the set changes, closed when nobody follows. */
function reconcile(): void {
  reconcileQueued = false;
  const topics = [...followers.keys()].sort().join(',');
  if (topics === sourceTopics && (source !== null || topics === pollingTopics)) return;
  source?.close();
  source = null;
  stopPolling();
  stopRetrying();
  sourceTopics = topics;
  pollingTopics = '';
  if (!topics) return;
  if (typeof EventSource === 'undefined') {
    pollingTopics = topics;
    startPolling();
    return;
  }
  const stream = new EventSource(`${EVENTS_URL}?topics=${encodeURIComponent(topics)}`);
  source = stream;
  stream.onopen = () => {
    if (source !== stream) return;
    stopPolling();
    retryDelayMs = 0;
    // Something may have changed while the stream was closed.
    refresh();
  };
  stream.addEventListener('change', (event) => {
    try {
      refresh((JSON.parse((event as MessageEvent<string>).data) as { topic: string }).topic);
    } catch {
      refresh();
    }
  });
  stream.onerror = () => {
    if (source !== stream) return;
    // Reconnecting by itself (CONNECTING) or refused (CLOSED: 429 at the cap, 403): poll meanwhile,
    // and after a refusal try the stream again later.
    startPolling();
    if (stream.readyState === EventSource.CLOSED) {
      source = null;
      pollingTopics = topics;
      scheduleStreamRetry();
    }
  };
}

function queueReconcile(): void {
  if (reconcileQueued) return;
  reconcileQueued = true;
  // Hooks mounting in one render share one stream instead of opening one each.
  queueMicrotask(reconcile);
}

/**
 * Keeps the queries `keys` fresh while `topic` changes on the server: one shared EventSource per page
 * for every followed topic invalidates them on each change (and on every (re)connect); when the stream
 * cannot be used, they are invalidated every `pollIntervalMs` of `/api/config` instead.
 */
export function useLiveTopic(topic: string, keys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    client = queryClient;
    const invalidate = () => {
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
    };
    let set = followers.get(topic);
    if (!set) {
      set = new Set();
      followers.set(topic, set);
    }
    set.add(invalidate);
    queueReconcile();
    return () => {
      set.delete(invalidate);
      if (set.size === 0 && followers.get(topic) === set) followers.delete(topic);
      queueReconcile();
    };
  }, [topic, queryClient]);
}
