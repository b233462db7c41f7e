/*
 * The page-view queue of the tracker (issue 26, docs/analytics.md), without React: the hook
 * (hooks/use-page-view-tracker.ts) tells it where the person is, whether recording is allowed and when the
 * page is being hidden; it decides what is queued and when a batch goes out.
 */
import {
  ANALYTICS_FLUSH_AT_EVENTS,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_MAX_BATCH_BYTES,
  ANALYTICS_MAX_BATCH_EVENTS,
} from '@/config/constants';
import type { PageViewEvent, Transport } from '@/features/analytics/api/send-page-views';

export type SendBatch = (events: PageViewEvent[], transport: Transport) => void;

export type PageViewQueueOptions = {
  /** Sends one batch (at most 50 events and 16 KiB) and forgets it. */
  send: SendBatch;
  /** `document.referrer` of this page load, already trimmed (utils/page-path.ts); '' for none. */
  referrer: string;
};

export type PageViewQueue = {
  /** The person is on `path` now (a route change; the same path again is not a new page). */
  visit: (path: string) => void;
  /**
   * Whose consent allows recording now (`'member'`, `'visitor'`), or null: nothing may be recorded. Turning
   * it on records the page the person is on; turning it off, or a change of who is recording (signing in or
   * out), drops what is queued.
   */
  allow: (subject: string | null) => void;
  /** Sends what is queued now: `beacon` when the page is being hidden or left. */
  flush: (transport: Transport) => void;
  /** Stops the timer and drops the queue (the tracker is unmounted). */
  dispose: () => void;
  /** How many events wait (for tests). */
  size: () => number;
};

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;
/** `{"events":[]}`: what a batch weighs besides its events. */
const BATCH_OVERHEAD_BYTES = bytes(JSON.stringify({ events: [] }));

/**
 * Splits events, in order, into batches the gateway takes: at most 50 events and at most 16 KiB of JSON each.
 * An event too large to go alone (it cannot be, with the path and referrer trimmed) is dropped.
 */
export function batchesOf(
  events: readonly PageViewEvent[],
  { maxEvents = ANALYTICS_MAX_BATCH_EVENTS, maxBytes = ANALYTICS_MAX_BATCH_BYTES } = {},
): PageViewEvent[][] {
  const batches: PageViewEvent[][] = [];
  let batch: PageViewEvent[] = [];
  let size = BATCH_OVERHEAD_BYTES;
  for (const event of events) {
    const eventBytes = bytes(JSON.stringify(event));
    if (BATCH_OVERHEAD_BYTES + eventBytes > maxBytes) continue;
    // Every event after the first is preceded by a comma.
    const added = eventBytes + (batch.length > 0 ? 1 : 0);
    if (batch.length >= maxEvents || size + added > maxBytes) {
      batches.push(batch);
      batch = [];
      size = BATCH_OVERHEAD_BYTES;
    }
    size += eventBytes + (batch.length > 0 ? 1 : 0);
    batch.push(event);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The queue. Page views are recorded only while `allow` names someone; the referrer goes with the first
 * page of the load only. A batch goes out every 10 s when something waits, at once when 20 wait, and when
 * the hook says the page is being hidden. A failed batch is not sent again.
 */
export function createPageViewQueue({ send, referrer }: PageViewQueueOptions): PageViewQueue {
  let subject: string | null = null;
  let queue: PageViewEvent[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let path: string | null = null;
  /** Counts the pages of this load: 1 is the page it started on. */
  let visits = 0;
  /** The page (its count) last recorded, so turning recording on does not record it twice. */
  let recorded = 0;

  const flush = (transport: Transport) => {
    if (subject === null || queue.length === 0) return;
    const events = queue;
    queue = [];
    for (const batch of batchesOf(events)) send(batch, transport);
  };

  const record = () => {
    if (path === null) return;
    recorded = visits;
    queue.push(visits === 1 && referrer !== '' ? { name: 'page_view', path, referrer } : { name: 'page_view', path });
    if (queue.length >= ANALYTICS_FLUSH_AT_EVENTS) flush('fetch');
  };

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    queue = [];
  };

  return {
    visit(next) {
      if (next === path) return;
      path = next;
      visits += 1;
      if (subject !== null) record();
    },
    allow(next) {
      if (next === subject) return;
      stop();
      subject = next;
      if (subject === null) return;
      timer = setInterval(() => flush('fetch'), ANALYTICS_FLUSH_INTERVAL_MS);
      if (recorded !== visits) record();
    },
    flush,
    dispose() {
      stop();
      subject = null;
    },
    size: () => queue.length,
  };
}
